"""Marafon-Beccaccino's deals explained (RULES.md §1): card points counted in thirds (an ace 3,
a figure 1, the last trick 3; whole points kept, 11 a deal), the marafona's 3, cappotto, a
game won, claims measured as 3 × total before + 3 × aces + figures (+ 9 for the team's own
marafona) against 3 × target, and mandare a monte."""

from __future__ import annotations

# Before a deal: whole points entered, the first deal naming the battezzante.
FIRST = {"battezzante": 0, "trump": "cups"}


def points(first: int, second: int, **more) -> dict:
    return {"trump": "cups", "points": [first, second], **more}


# The totals the claims below start from: team 0 on 38 (a marafona made its first deal 14),
# team 1 on 36.
TEAM_0_ON_38 = [
    {**FIRST, "points": [11, 0], "marafona": 0},  # 14 - 0
    points(11, 0),  # 25 - 0
    points(11, 0),  # 36 - 0
    points(2, 9),  # 38 - 9
]
TEAM_1_ON_36 = [
    {**FIRST, "points": [0, 11], "marafona": 1},  # 0 - 14
    points(0, 11),  # 0 - 25
    points(0, 11),  # 0 - 36
]

RULE_LINE = (
    "An ace counts 1, a figure (3, 2, king, horse or jack) 1/3 and the last trick 1; fractions "
    "are dropped, so a deal holds 11."
)

EXAMPLES = [
    {
        # 3 aces + 7 figures + the last trick = 19 thirds: 6; 1 ace + 13 figures = 16: 5.
        "kind": "cards",
        "rules": {},
        "players": 4,
        "setup": {},
        "before": [],
        "deal": {
            "battezzante": 2,
            "trump": "cups",
            "cards": [{"aces": 3, "figures": 7}, {"aces": 1, "figures": 13}],
            "last_trick": 0,
        },
        "lines": [
            "Team 0 took 3 aces, 7 figures and the last trick: 3 + 7/3 + 1 = 6⅓, 6 whole points.",
            "Team 1 took 1 ace and 13 figures: 1 + 13/3 = 5⅓, 5 whole points.",
            RULE_LINE,
        ],
    },
    {
        # No fraction on either side: 2 aces + 6 figures = 12 thirds, 4; then 2 aces, 14
        # figures and the last trick = 23 thirds, 7 (the two thirds left over are dropped).
        "kind": "cards",
        "rules": {},
        "players": 4,
        "setup": {},
        "before": [],
        "deal": {
            "battezzante": 1,
            "trump": "coins",
            "cards": [{"aces": 2, "figures": 6}, {"aces": 2, "figures": 14}],
            "last_trick": 1,
        },
        "lines": [
            "Team 0 took 2 aces and 6 figures: 2 + 6/3 = 4 points.",
            "Team 1 took 2 aces, 14 figures and the last trick: 2 + 14/3 + 1 = 7⅔, 7 whole points.",
            RULE_LINE,
        ],
    },
    {
        "kind": "cards",
        "rules": {},
        "players": 4,
        "setup": {},
        "before": [],
        "deal": {
            "battezzante": 3,
            "trump": "swords",
            "cards": [{"aces": 0, "figures": 1}, {"aces": 4, "figures": 19}],
            "last_trick": 0,
        },
        "lines": [
            "Team 0 took 0 aces, 1 figure and the last trick: 0 + 1/3 + 1 = 1⅓, 1 whole point.",
            "Team 1 took 4 aces and 19 figures: 4 + 19/3 = 10⅓, 10 whole points.",
            RULE_LINE,
        ],
    },
    {
        "kind": "points",
        "rules": {},
        "players": 4,
        "setup": {},
        "before": [],
        "deal": {"battezzante": 0, "trump": "coins", "points": [7, 4]},
        "lines": ["Points entered as counted at the table: Team 0 7, Team 1 4."],
    },
    {
        # API.md's example deal: 3 aces, 11 figures and the last trick = 23 thirds, 7; 1 ace and
        # 9 figures = 12 thirds, 4; the marafona of seat 2 adds 3 for team 0: 10 to 4.
        "kind": "marafona",
        "rules": {},
        "players": 4,
        "setup": {},
        "before": [],
        "deal": {
            "battezzante": 2,
            "trump": "cups",
            "cards": [{"aces": 3, "figures": 11}, {"aces": 1, "figures": 9}],
            "last_trick": 0,
            "marafona": 2,
        },
        "lines": [
            "Team 0 took 3 aces, 11 figures and the last trick: 3 + 11/3 + 1 = 7⅔, 7 whole points.",
            "Team 1 took 1 ace and 9 figures: 1 + 9/3 = 4 points.",
            RULE_LINE,
            "Seat 2 declared the marafona (the 3, 2 and ace of trumps): 3 more points for Team 0.",
            "The deal scores Team 0 10 and Team 1 4.",
        ],
    },
    {
        # A marafona lifts a deal to 14: cappotto is scoring nothing, marafona counted.
        "kind": "cappotto",
        "rules": {},
        "players": 4,
        "setup": {},
        "before": [],
        "deal": {"battezzante": 1, "trump": "cups", "points": [0, 11], "marafona": 3},
        "lines": [
            "Points entered as counted at the table: Team 0 0, Team 1 11.",
            "Seat 3 declared the marafona (the 3, 2 and ace of trumps): 3 more points for Team 1.",
            "The deal scores Team 0 0 and Team 1 14.",
            "Team 0 scored nothing: cappotto, a name only, with no extra score.",
        ],
    },
    {
        # 33 to 0 after three deals; 8 more make 41, the target.
        "kind": "game",
        "rules": {},
        "players": 4,
        "setup": {},
        "before": [{**FIRST, "points": [11, 0]}, points(11, 0), points(11, 0)],
        "deal": points(8, 3),
        "lines": [
            "Points entered as counted at the table: Team 0 8, Team 1 3.",
            "Team 0 reached the target of 41 and won the game.",
        ],
    },
    {
        # A single game to 31: 22 to 0, then 9 more.
        "kind": "game",
        "rules": {"target": 31, "match_format": "single_game"},
        "players": 4,
        "setup": {},
        "before": [{**FIRST, "points": [11, 0]}, points(11, 0)],
        "deal": points(9, 2),
        "lines": [
            "Points entered as counted at the table: Team 0 9, Team 1 2.",
            "Team 0 reached the target of 31 and won the game.",
            "House rule: this game is played to 31 (usually 41).",
        ],
    },
    {
        # 3 × 38 + 3 × 1 + 6 = 123 = 3 × 41: exactly the target (RULES.md's claim formula).
        "kind": "claim_right",
        "rules": {},
        "players": 4,
        "setup": {},
        "before": TEAM_0_ON_38,
        "deal": {"trump": "cups", "claim": {"seat": 2, "aces": 1, "figures": 6}},
        "lines": [
            "Seat 2 claimed that Team 0 had reached the target, with 1 ace and 6 figures taken "
            "in this deal.",
            "38 before this deal + 1 + 6/3 = 41, against the 41 needed.",
            "The claim is right: the game goes to Team 0.",
            "The claim ends the deal, which scores nothing itself.",
        ],
    },
    {
        # The same 123 thirds fall one short when a claim needs a third more: 124.
        "kind": "claim_wrong",
        "rules": {"claim_needs_extra_third": True},
        "players": 4,
        "setup": {},
        "before": TEAM_0_ON_38,
        "deal": {"trump": "cups", "claim": {"seat": 0, "aces": 1, "figures": 6}},
        "lines": [
            "Seat 0 claimed that Team 0 had reached the target, with 1 ace and 6 figures taken "
            "in this deal.",
            "38 before this deal + 1 + 6/3 = 41, against the 41⅓ needed.",
            "The claim is wrong: the game goes to Team 1.",
            "House rule: a claim needs the target and one third more.",
            "The claim ends the deal, which scores nothing itself.",
        ],
    },
    {
        # The claiming team's own marafona counts 9 thirds: 108 + 3 + 2 + 9 = 122 < 123.
        "kind": "claim_wrong",
        "rules": {},
        "players": 4,
        "setup": {},
        "before": TEAM_1_ON_36,
        "deal": {
            "trump": "cups",
            "claim": {"seat": 3, "aces": 1, "figures": 2},
            "marafona": 1,
        },
        "lines": [
            "Seat 3 claimed that Team 1 had reached the target, with 1 ace and 2 figures taken "
            "in this deal.",
            "36 before this deal + 1 + 2/3 + 3 for the marafona = 40⅔, against the 41 needed.",
            "The claim is wrong: the game goes to Team 0.",
            "The claim ends the deal, which scores nothing itself.",
        ],
    },
    {
        # Without the marafona in claims, 108 + 9 + 6 = 123 still reaches it; the house rule
        # is said since the team had declared one.
        "kind": "claim_right",
        "rules": {"claim_counts_marafona": False},
        "players": 4,
        "setup": {},
        "before": TEAM_1_ON_36,
        "deal": {
            "trump": "cups",
            "claim": {"seat": 1, "aces": 3, "figures": 6},
            "marafona": 3,
        },
        "lines": [
            "Seat 1 claimed that Team 1 had reached the target, with 3 aces and 6 figures taken "
            "in this deal.",
            "36 before this deal + 3 + 6/3 = 41, against the 41 needed.",
            "The claim is right: the game goes to Team 1.",
            "House rule: a marafona does not count towards a claim.",
            "The claim ends the deal, which scores nothing itself.",
        ],
    },
    {
        "kind": "annulled",
        "rules": {"mandare_a_monte": True},
        "players": 4,
        "setup": {},
        "before": [],
        "deal": {"battezzante": 1, "trump": "clubs", "annulled": True},
        "lines": [
            "The battezzante annulled the deal (mandare a monte): their cards were worth less "
            "than a point and a figure.",
            "Nothing is scored and the same dealer deals again; this match's rules allow "
            "mandare a monte.",
        ],
    },
]
