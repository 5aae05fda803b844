"""Etori (RULES.md §5): teams, rotation, who wins a hand, the chip rule, the end, then properties
of the fold."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import MatchOver, RuleViolation, get_game
from games.rules.etori import HONOURS

GAME = get_game("etori")
SUITS = ("spades", "hearts", "diamonds", "clubs")
LETTERS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
CLUBS = {"rensho": "clubs_if_spades_trump"}


def opts(players=4, **rules):
    return GAME.resolve_options(rules, players=players)


def hand(honours, aces, trump=None):
    """A hand's input; ``aces`` per team as letters ("SH" = spades, hearts) or None."""
    raw = {
        "honours": list(honours),
        "aces": [None if a is None else [LETTERS[c] for c in a] for a in aces],
    }
    if trump is not None:
        raw["trump"] = trump
    return raw


def record(raw, options=None, state=None):
    options = options or opts()
    state = state or GAME.initial_state(options, {})
    result = GAME.record(raw, state=state, options=options)
    return result.outcome, GAME.state_to_data(result.state)


def refused(raw, options=None, state=None):
    options = options or opts()
    state = state or GAME.initial_state(options, {})
    with pytest.raises(RuleViolation) as info:
        GAME.record(raw, state=state, options=options)
    return info.value.errors


# The winners' aces that make the losers pay 1, 2 or 4 chips with 10 honours and spades trumps.
WINNER_ACES = {1: "S", 2: "H", 4: ""}


def won_by(state, team, amount):
    """A hand of the current state won by ``team`` with 10 honours, worth ``amount`` chips."""
    loser = next(t for t in state.playing if t != team)
    honours, aces = [None] * len(state.chips), [None] * len(state.chips)
    honours[team], honours[loser] = 10, 6
    aces[team] = WINNER_ACES[amount]
    aces[loser] = "".join(c for c in "SHDC" if c not in aces[team])
    return hand(honours, aces)


def run(options, hands):
    """Records hands given as (winning team, chips) one by one: the outcomes and states."""
    state = GAME.initial_state(options, {})
    outcomes, states = [], []
    for team, amount in hands:
        result = GAME.record(won_by(state, team, amount), state=state, options=options)
        state = result.state
        outcomes.append(result.outcome)
        states.append(GAME.state_to_data(state))
    return outcomes, states, state


# --- teams and the first hand --------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "teams", "dealers", "leaders", "chips"),
    [
        (4, [[0, 2], [1, 3]], 1, 0, [5, 5]),  # sticks 2 and 4 deal; the others lead
        (6, [[0, 3], [1, 4], [2, 5]], 2, 1, [5, 5, 5]),  # sticks 3 and 6 deal; team 1 leads
    ],
)
def test_teams_and_the_first_hand(players, teams, dealers, leaders, chips):
    options = opts(players)
    state = GAME.state_to_data(GAME.initial_state(options, {}))
    assert GAME.teams(options) == teams
    assert state == {
        "finished": False,
        "winner": None,
        "next": {
            "dealers": dealers,
            "leaders": leaders,
            "playing": [0, 1],
            "trump": "spades",
            "trump_changer": dealers,  # the first dealers may change the spades
        },
        "chips": chips,
    }


@pytest.mark.parametrize(("players", "chips"), [(4, 1), (4, 3), (6, 10)])
def test_the_chips_option_sets_every_teams_first_chips(players, chips):
    options = opts(players, chips=chips)
    assert GAME.state_to_data(GAME.initial_state(options, {}))["chips"] == [chips] * (players // 2)
    assert opts(players).chips == 5


# --- who wins a hand -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("honours", "winner", "chips"),
    [
        ([9, 7], 0, [7, 3]),
        ([7, 9], 1, [3, 7]),
        ([16, 0], 0, [7, 3]),
        ([0, 16], 1, [3, 7]),
        ([10, 6], 0, [7, 3]),
    ],
)
def test_nine_or_more_honours_win_the_hand(honours, winner, chips):
    aces = ("H", "SDC") if winner == 0 else ("SDC", "H")  # the winners' one plain ace: 2
    outcome, state = record(hand(honours, aces))
    assert outcome["winner"] == winner
    assert outcome["honours"] == honours
    assert (outcome["chips"], outcome["paid"], outcome["rule"]) == (2, 2, "plain_aces")
    assert state["chips"] == chips


@pytest.mark.parametrize(
    ("rules", "trump", "aces", "winner", "rensho", "chips"),
    [
        ({}, "spades", ("S", "HDC"), 1, "spades", 1),  # three aces, 8 honours: 1
        ({}, "spades", ("HDC", "S"), 0, "spades", 1),
        ({}, "hearts", ("SH", "DC"), 1, "spades", 2),  # the rensho whatever the trumps
        ({}, "clubs", ("DC", "SH"), 0, "spades", 1),  # the ace of trumps: 1
        ({}, "spades", ("SHDC", ""), 1, "spades", 4),  # the winners were dealt no ace
        (CLUBS, "spades", ("C", "SHD"), 1, "clubs", 1),  # spades trumps: the ace of clubs
        (CLUBS, "spades", ("SHD", "C"), 0, "clubs", 1),
        (CLUBS, "hearts", ("C", "SHD"), 0, "spades", 2),  # hearts: the ace of spades again
        (CLUBS, "hearts", ("SHD", "C"), 1, "spades", 2),
    ],
)
def test_at_eight_all_the_team_not_dealt_the_rensho_wins(rules, trump, aces, winner, rensho, chips):
    outcome, state = record(hand([8, 8], aces, trump), opts(**rules))
    assert outcome["winner"] == winner
    assert outcome["rensho"] == {"rank": "A", "suit": rensho}
    assert outcome["chips"] == chips
    assert state["next"]["leaders"] == winner and state["next"]["dealers"] == 1 - winner


def test_at_eight_all_with_six_players_the_playing_teams_are_compared():
    options = opts(6)
    _, _, state = run(options, [(0, 1)])  # team 1 deals next; teams 0 and 2 play
    outcome, _ = record(hand([8, None, 8], ("HDC", None, "S")), options, state)
    assert outcome["winner"] == 0
    outcome, _ = record(hand([8, None, 8], ("SHD", None, "C")), options, state)
    assert outcome["winner"] == 2


# --- chips paid ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "trump", "winner_aces", "honours", "chips", "rule"),
    [
        ({}, "spades", "", 9, 4, "no_ace"),
        ({}, "hearts", "", 16, 4, "no_ace"),
        ({}, "spades", "H", 9, 2, "plain_aces"),
        ({}, "spades", "HD", 16, 2, "plain_aces"),  # all 16 do not count with plain aces
        ({}, "hearts", "DC", 12, 2, "plain_aces"),
        ({}, "spades", "S", 11, 1, "honours"),  # the rensho, also the ace of trumps
        ({}, "hearts", "S", 12, 2, "honours"),  # the rensho
        ({}, "hearts", "H", 11, 1, "honours"),  # the ace of trumps
        ({}, "hearts", "DH", 12, 2, "honours"),
        ({}, "hearts", "HC", 15, 2, "honours"),
        ({}, "hearts", "H", 16, 4, "honours"),
        ({}, "spades", "HDC", 11, 1, "honours"),  # three plain aces
        ({}, "spades", "HDC", 12, 2, "honours"),
        ({}, "diamonds", "SHDC", 15, 2, "honours"),  # all four
        ({}, "diamonds", "SHDC", 16, 4, "honours"),
        (CLUBS, "spades", "C", 11, 1, "honours"),  # the ace of clubs is the rensho
        (CLUBS, "spades", "S", 12, 2, "honours"),  # the ace of spades is the ace of trumps
        (CLUBS, "spades", "HD", 16, 2, "plain_aces"),
        (CLUBS, "hearts", "C", 10, 2, "plain_aces"),  # not trumps, not the rensho
        (CLUBS, "hearts", "S", 10, 1, "honours"),  # the ace of spades is the rensho again
        (CLUBS, "hearts", "SD", 16, 4, "honours"),
    ],
)
def test_the_three_step_chip_rule(rules, trump, winner_aces, honours, chips, rule):
    loser_aces = "".join(c for c in "SHDC" if c not in winner_aces)
    raw = hand([honours, 16 - honours], (winner_aces, loser_aces), trump)
    outcome, state = record(raw, opts(**rules))
    assert outcome["winner"] == 0
    assert (outcome["chips"], outcome["paid"], outcome["rule"]) == (chips, chips, rule)
    assert state["chips"] == [5 + chips, 5 - chips]


def test_only_the_aces_the_winners_were_dealt_count():
    # Team 1 wins without an ace: 4, though team 0 holds the rensho and the ace of trumps.
    outcome, _ = record(hand([7, 9], ("SHDC", "")))
    assert (outcome["winner"], outcome["chips"]) == (1, 4)


# --- the winners' aces, entered instead of each team's -----------------------------------------


def by_the_winners_aces(raw, trump="spades", rensho="spades"):
    """``raw`` (each team's aces, four players) entered as a table does without a row per ace:
    the winners' aces as the three-step rule sees them, and the team dealt the rensho."""
    honours, aces = raw["honours"], raw["aces"]
    rensho_team = next(t for t in (0, 1) if rensho in aces[t])
    # 9 or more honours win; at 8 each, the team not dealt the rensho.
    winner = {1: 0, -1: 1, 0: 1 - rensho_team}[
        (honours[0] > honours[1]) - (honours[0] < honours[1])
    ]
    theirs = aces[winner]
    if not theirs:
        kind = "no_ace"
    elif len(theirs) <= 2 and rensho not in theirs and trump not in theirs:
        kind = "plain_aces"
    else:
        kind = "other"
    summary = {"honours": honours, "winners_aces": kind, "trump": trump}
    if honours[0] == honours[1]:
        summary["rensho_dealt_to"] = rensho_team
    return summary


@pytest.mark.parametrize("rules", [{}, CLUBS])
@pytest.mark.parametrize("trump", SUITS)
def test_the_winners_aces_score_every_hand_as_each_teams_aces_do(rules, trump):
    """Every way the four aces can be dealt, with every count of honours: the same outcome."""
    options = opts(**rules)
    rensho = "clubs" if rules and trump == "spades" else "spades"
    for honours in range(HONOURS + 1):
        for mask in range(16):
            ours = [s for i, s in enumerate(SUITS) if mask & (1 << i)]
            raw = {
                "honours": [honours, HONOURS - honours],
                "aces": [ours, [s for s in SUITS if s not in ours]],
                "trump": trump,
            }
            summary = by_the_winners_aces(raw, trump, rensho)
            assert record(summary, options) == record(raw, options), (raw, summary)


def test_at_eight_all_the_team_dealt_the_rensho_is_asked():
    raw = {"honours": [8, 8], "winners_aces": "other"}
    assert refused(raw) == {"rensho_dealt_to": ["This field is required."]}
    outcome, _ = record({**raw, "rensho_dealt_to": 0})
    assert (outcome["winner"], outcome["chips"], outcome["rule"]) == (1, 1, "honours")
    outcome, _ = record({**raw, "winners_aces": "no_ace", "rensho_dealt_to": 1})
    assert (outcome["winner"], outcome["chips"], outcome["rule"]) == (0, 4, "no_ace")


def test_with_six_the_rensho_is_dealt_to_a_team_that_plays():
    options = opts(6)
    _, _, state = run(options, [(0, 1)])  # team 1 deals and sits out; teams 0 and 2 play
    raw = {"honours": [8, None, 8], "winners_aces": "plain_aces"}
    outcome, _ = record({**raw, "rensho_dealt_to": 0}, options, state)
    assert (outcome["winner"], outcome["chips"]) == (2, 2)
    assert refused({**raw, "rensho_dealt_to": 1}, options, state) == {
        "rensho_dealt_to": ["The rensho is dealt to one of the teams that play."]
    }


@pytest.mark.parametrize(
    ("raw", "errors"),
    [
        ({"honours": [9, 7]}, {"aces": ["This field is required."]}),
        (
            {"honours": [9, 7], "winners_aces": "none"},
            {"winners_aces": ["Must be one of no_ace, plain_aces, other."]},
        ),
        (
            {**hand([9, 7], ("H", "SDC")), "winners_aces": "plain_aces"},
            {"winners_aces": ["Enter either aces or winners_aces, not both."]},
        ),
        (
            {**hand([8, 8], ("H", "SDC")), "rensho_dealt_to": 1},
            {"rensho_dealt_to": ["Enter either aces or rensho_dealt_to, not both."]},
        ),
        (
            {"honours": [9, 7], "winners_aces": "plain_aces", "rensho_dealt_to": 0},
            {"winners_aces": ["The winners were dealt the rensho: their aces count by honours."]},
        ),
        (
            {"honours": [9, 7], "winners_aces": "other", "rensho_dealt_to": 2},
            {"rensho_dealt_to": ["The rensho is dealt to one of the teams that play."]},
        ),
        (
            {"honours": [9, 8], "winners_aces": "other"},
            {"honours": ["The honours taken must add up to the 16 of the pack."]},
        ),
    ],
)
def test_the_winners_aces_are_checked(raw, errors):
    assert refused(raw) == errors


def test_the_rensho_dealt_to_the_winners_agrees_with_honours_counted():
    outcome, _ = record({"honours": [12, 4], "winners_aces": "other", "rensho_dealt_to": 0})
    assert (outcome["winner"], outcome["chips"], outcome["rule"]) == (0, 2, "honours")


# --- rotation and trumps -------------------------------------------------------------------


def test_with_four_the_losers_deal_next_and_the_winners_lead():
    _, states, _ = run(opts(), [(0, 1), (0, 1), (1, 1), (0, 1)])
    assert [s["next"]["dealers"] for s in states] == [1, 1, 0, 1]
    assert [s["next"]["leaders"] for s in states] == [0, 0, 1, 0]
    assert [s["next"]["trump_changer"] for s in states] == [1, 1, 0, 1]  # the new dealers
    assert all(s["next"]["playing"] == [0, 1] for s in states)
    assert [s["chips"] for s in states] == [[6, 4], [7, 3], [6, 4], [7, 3]]


def test_with_six_the_winners_play_on_against_the_team_that_just_dealt():
    _, states, _ = run(opts(6), [(0, 1), (2, 1), (1, 1), (1, 1), (2, 1)])
    assert [s["next"]["dealers"] for s in states] == [1, 0, 2, 0, 1]
    assert [s["next"]["leaders"] for s in states] == [0, 2, 1, 1, 2]
    assert [s["next"]["playing"] for s in states] == [[0, 2], [1, 2], [0, 1], [1, 2], [0, 2]]
    # The previous dealers may change trumps: the team that dealt the hand just played.
    assert [s["next"]["trump_changer"] for s in states] == [2, 1, 0, 2, 0]
    for state in states:
        assert state["next"]["dealers"] not in state["next"]["playing"]
    assert [s["chips"] for s in states] == [
        [6, 4, 5],
        [5, 4, 6],
        [5, 5, 5],
        [4, 6, 5],
        [4, 5, 6],
    ]


@pytest.mark.parametrize("players", [4, 6])
def test_spades_are_trumps_first_and_kept_unless_changed(players):
    options = opts(players, chips=50)
    dealt = [None] * (players // 2)
    state = GAME.initial_state(options, {})
    trumps = []
    for trump in [None, None, "hearts", None, "clubs", "clubs", None]:
        honours, aces = list(dealt), list(dealt)
        first, second = state.playing
        honours[first], honours[second], aces[first], aces[second] = 9, 7, "H", "SDC"
        result = GAME.record(hand(honours, aces, trump), state=state, options=options)
        state = result.state
        trumps.append((result.outcome["trump"], GAME.state_to_data(state)["next"]["trump"]))
    assert [t for t, _ in trumps] == [
        "spades",
        "spades",
        "hearts",
        "hearts",
        "clubs",
        "clubs",
        "clubs",
    ]
    assert all(t == kept for t, kept in trumps)


# --- the end -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chips", "hands", "finished", "winner", "after"),
    [
        (4, [(0, 4)], True, 0, [8, 0]),
        (4, [(1, 4)], True, 1, [0, 8]),
        (5, [(0, 4)], False, None, [9, 1]),
        (5, [(0, 4), (0, 1)], True, 0, [10, 0]),
        (5, [(0, 2), (1, 2), (1, 4), (1, 1)], True, 1, [0, 10]),
    ],
)
def test_with_four_a_team_out_of_chips_loses(chips, hands, finished, winner, after):
    _, states, state = run(opts(chips=chips), hands)
    assert (states[-1]["finished"], states[-1]["winner"]) == (finished, winner)
    assert states[-1]["chips"] == after
    assert GAME.is_finished(state) is finished
    assert not any(s["finished"] for s in states[:-1])


@pytest.mark.parametrize(
    ("hands", "winner", "after"),
    [
        ([(0, 4)], 0, [6, 0, 2]),
        ([(0, 1), (0, 1), (1, 1), (2, 4)], 2, [3, 0, 5]),
        ([(0, 1), (0, 1), (1, 1), (1, 1)], [0, 1], [3, 3, 0]),  # level on most: shared
        ([(0, 1), (0, 1), (1, 1), (2, 2)], [0, 2], [3, 0, 3]),
    ],
)
def test_with_six_the_most_chips_win_when_a_team_is_out(hands, winner, after):
    _, states, _ = run(opts(6, chips=2), hands)
    assert states[-1]["finished"] is True
    assert states[-1]["winner"] == winner
    assert states[-1]["chips"] == after
    assert not any(s["finished"] for s in states[:-1])


@pytest.mark.parametrize(
    ("players", "chips", "amount", "paid", "after"),
    [(4, 3, 4, 3, [7, 0]), (4, 1, 2, 1, [3, 0]), (6, 2, 4, 2, [6, 0, 2]), (6, 3, 1, 1, [4, 2, 3])],
)
def test_losers_who_cannot_pay_in_full_pay_what_they_have(players, chips, amount, paid, after):
    outcomes, states, _ = run(opts(players, chips=chips), [(0, amount)])
    assert (outcomes[0]["chips"], outcomes[0]["paid"]) == (amount, paid)
    assert states[0]["chips"] == after  # the winners are credited the full amount


@pytest.mark.parametrize("players", [4, 6])
def test_a_hand_after_the_end_is_refused(players):
    options = opts(players, chips=1)
    _, _, state = run(options, [(0, 4)])
    assert GAME.is_finished(state)
    with pytest.raises(MatchOver):
        GAME.record(won_by(state, 0, 1), state=state, options=options)
    with pytest.raises(MatchOver):
        GAME.record({"nonsense": True}, state=state, options=options)


# --- entry checks --------------------------------------------------------------------------

SUM = ["The honours taken must add up to the 16 of the pack."]
RANGE = ["Must be a number of honours from 0 to 16."]
SAT_OUT = ["Team 2 dealt and sat the hand out: null."]
SUITS_MSG = ["List the suits of the aces this team was dealt: spades, hearts, diamonds, clubs."]
MISSING_CLUBS = ["The ace of clubs is missing: the playing teams were dealt all four."]


@pytest.mark.parametrize(
    ("players", "raw", "errors"),
    [
        (4, hand([9, 8], ("H", "SDC")), {"honours": SUM}),
        (4, hand([8, 7], ("H", "SDC")), {"honours": SUM}),
        (4, hand([17, -1], ("H", "SDC")), {"honours": {"0": RANGE, "1": RANGE}}),
        (4, hand([True, 15], ("H", "SDC")), {"honours": {"0": RANGE}}),
        (4, hand([None, 16], ("H", "SDC")), {"honours": {"0": RANGE}}),
        (4, hand([16], ("H", "SDC")), {"honours": ["Must list 2 honour counts, one per team."]}),
        (4, hand([9, 7], ("H", "SDC", "")), {"aces": ["Must list 2 lists of aces, one per team."]}),
        (4, {"aces": hand([], ("H", "SDC"))["aces"]}, {"honours": ["This field is required."]}),
        (4, {"honours": 16, "aces": []}, {"honours": ["Must be a list."], "aces": 1}),
        (4, hand([9, 7], ("SH", "SDC")), {"aces": ["The ace of spades is given twice."]}),
        (4, hand([9, 7], ("HH", "SDC")), {"aces": ["The ace of hearts is given twice."]}),
        (4, hand([9, 7], ("H", "SD")), {"aces": MISSING_CLUBS}),
        (4, hand([9, 7], ("H", None)), {"aces": {"1": SUITS_MSG}}),
        (
            4,
            {"honours": [9, 7], "aces": [["hearts"], ["cups"]]},
            {"aces": {"1": SUITS_MSG}},
        ),
        (
            4,
            {"honours": [9, 7], "aces": [["hearts"], "spades"]},
            {"aces": {"1": SUITS_MSG}},
        ),
        (
            4,
            hand([9, 7], ("H", "SDC"), "cups"),
            {"trump": ["Must be a suit: spades, hearts, diamonds, clubs."]},
        ),
        (4, {**hand([9, 7], ("H", "SDC")), "dealers": 1}, {"dealers": ["Unknown field."]}),
        (6, hand([9, 7], ("H", "SDC")), {"honours": 1, "aces": 1}),
        (6, hand([9, 7, 0], ("H", "SDC", None)), {"honours": {"2": SAT_OUT}}),
        (6, hand([9, 7, None], ("H", "SDC", "")), {"aces": {"2": SAT_OUT}}),
        (6, hand([9, None, None], ("H", "SDC", None)), {"honours": {"1": RANGE}}),
        (6, hand([9, 7, None], ("H", "SD", "C")), {"aces": {"2": SAT_OUT}}),
    ],
)
def test_an_invalid_hand_is_refused_in_the_games_words(players, raw, errors):
    """``errors`` mirrors the refusal: exact messages, or how many there are."""
    found = refused(raw, opts(players))
    assert set(found) == set(errors)
    for field, expected in errors.items():
        assert (len(found[field]) if isinstance(expected, int) else found[field]) == expected


def test_with_six_the_null_follows_the_dealers():
    options = opts(6)
    _, _, state = run(options, [(0, 1)])  # team 1 deals and sits out now
    errors = refused(hand([10, 6, None], ("H", "SDC", None)), options, state)
    assert errors["honours"] == {"1": ["Team 1 dealt and sat the hand out: null."], "2": RANGE}
    assert errors["aces"]["1"] == ["Team 1 dealt and sat the hand out: null."]
    assert record(hand([10, None, 6], ("H", None, "SDC")), options, state)[0]["winner"] == 0


def test_a_hand_that_is_not_an_object_is_refused():
    assert refused([9, 7]) == {"non_field_errors": ["A deal must be an object."]}


@pytest.mark.parametrize(
    ("rules", "players", "field"),
    [
        ({"players": 5}, 5, "players"),
        ({"players": 6}, 4, "players"),
        ({"players": 4}, 6, "players"),
        ({"chips": 0}, 4, "chips"),
        ({"chips": 2.0}, 4, "chips"),
        ({"rensho": "ace_of_hearts"}, 4, "rensho"),
        ({"renshou": "ace_of_spades"}, 4, "renshou"),
    ],
)
def test_a_bad_option_is_refused_under_rules(rules, players, field):
    with pytest.raises(RuleViolation) as info:
        GAME.resolve_options(rules, players=players)
    assert list(info.value.errors) == ["rules"]
    assert list(info.value.errors["rules"]) == [field]


@pytest.mark.parametrize(("count", "problem"), [(4, None), (6, None), (5, True), (3, True)])
def test_etori_is_played_by_four_or_six(count, problem):
    message = GAME.check_players(count)
    assert message == (None if problem is None else "Etori is played by 4 or 6 players.")


# --- properties ----------------------------------------------------------------------------


@st.composite
def hands(draw, state):
    """A valid hand of ``state``: 16 honours and the four aces between the playing teams."""
    first, second = state.playing
    honours, aces = [None] * len(state.chips), [None] * len(state.chips)
    honours[first] = draw(st.integers(0, 16))
    honours[second] = 16 - honours[first]
    aces[first], aces[second] = [], []
    for suit in draw(st.permutations(SUITS)):
        aces[draw(st.sampled_from(state.playing))].append(suit)
    raw = {"honours": honours, "aces": aces}
    trump = draw(st.none() | st.sampled_from(SUITS))
    if trump is not None:
        raw["trump"] = trump
    return raw


@st.composite
def matches(draw):
    """Options and valid hands, each drawn against the state before it, to the end at most."""
    options = opts(
        draw(st.sampled_from([4, 6])),
        chips=draw(st.integers(1, 6)),
        rensho=draw(st.sampled_from(["ace_of_spades", "clubs_if_spades_trump"])),
    )
    state = GAME.initial_state(options, {})
    deals = []
    for _ in range(draw(st.integers(1, 25))):
        if GAME.is_finished(state):
            break
        raw = draw(hands(state))
        state = GAME.record(raw, state=state, options=options).state
        deals.append(raw)
    return options, deals


@given(match=matches())
def test_chips_are_conserved_but_for_the_credited_shortfall(match):
    options, deals = match
    state = GAME.initial_state(options, {})
    for raw in deals:
        result = GAME.record(raw, state=state, options=options)
        outcome, after = result.outcome, result.state
        loser = next(t for t in state.playing if t != outcome["winner"])
        assert outcome["paid"] == min(outcome["chips"], state.chips[loser])
        assert outcome["chips"] in (1, 2, 4)
        assert sum(after.chips) == sum(state.chips) + outcome["chips"] - outcome["paid"]
        assert after.chips[loser] == state.chips[loser] - outcome["paid"]
        assert after.chips[outcome["winner"]] == state.chips[outcome["winner"]] + outcome["chips"]
        assert after.finished is (min(after.chips) <= 0)
        state = after
