"""Rebuilding what ``games.services.exports`` wrote (a match, a tournament, a club), all or nothing.

Before anything is written the document's format and version are checked, every match is folded
again from its deals' inputs (``import_checks.check_match``: the outcomes and states must equal
the exported ones) and every id the import would take must be free. What can only be found while
writing (a player id that no entrant has, say) raises inside the same transaction, so a refused
document never leaves half an import behind.

What an import makes, and why:

* **Ids.** Matches and tournaments keep their public ids, so share links and public pages work
  again once restored; an id already taken here refuses the import, unless ``new_ids`` asks for
  a copy under new ids. A club keeps its slug (``slug`` imports it under another). Players,
  entrants and every other row get new database ids.
* **Keys** are never in a document. A friendly match gets a new edit key, returned once as when
  it was created; a tournament table gets a new key salt, so its cards must be printed again.
* **Accounts** (directors, house-rule owners, who made a tournament or a correction) are found
  by username; one that does not exist here is made without a usable password, for the operator
  to give one (``manage.py changepassword``).
* **Members.** A tournament imported on its own goes into its club here (or ``club``): a player
  who was a member is the member of the same name, or becomes a new member.
* **Standings** are computed again in the transaction, a club's seasons' (``season_imports``) too.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DataError, IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from games.models import (
    Club,
    Correction,
    Deal,
    Entrant,
    Match,
    Player,
    Round,
    RulePreset,
    Seat,
    Table,
    Tournament,
)
from games.models.matches import new_public_id
from games.rules import RuleViolation, UnknownGame, get_game
from games.selectors import players_by_unique_name
from games.tournaments.formats import FORMATS, get_format

from .import_checks import (
    CheckedMatch,
    ImportRefused,
    Node,
    check_match,
    check_table_seats,
    first_message,
    plain,
    public_id,
    read_header,
)
from .matches import MAX_NAME_LENGTH, hash_edit_key
from .presets import check_preset_rules
from .season_imports import evening_match_nodes, evenings_and_seasons
from .standings import standings_compute
from .table_keys import keys_for_salt, new_key_salt

logger = logging.getLogger(__name__)


@dataclass
class Imported:
    """What an import made, for the operator: share ids, new edit keys, accounts made."""

    kind: str
    name: str = ""
    matches: list[tuple[str, str | None]] = field(default_factory=list)  # id, new edit key
    tournaments: list[str] = field(default_factory=list)
    evenings: list[tuple[str, str]] = field(default_factory=list)  # id, new edit key
    accounts_created: list[str] = field(default_factory=list)


class _Import:
    def __init__(self, root: Node, *, new_ids: bool):
        self.root, self.new_ids = root, new_ids
        self.kind: str = root.value["kind"]
        self.result = Imported(kind=self.kind)
        self.rows = {}
        for row in root.nodes("players"):
            pk = row.integer("id", low=1, high=2**63 - 1)
            if pk in self.rows:
                raise row.refuse(f"player {pk} is listed twice.", "id")
            row.name("name", max_length=MAX_NAME_LENGTH)
            self.rows[pk] = row
        self.players: dict[int, Player] = {}
        self.accounts: dict[str, Any] = {}
        self.checked: dict[int, CheckedMatch] = {}

    # --- before writing ----------------------------------------------------------------------

    def tournament_nodes(self) -> list[Node]:
        if self.kind == "tournament":
            return [self.root.node("tournament")]
        if self.kind == "club":
            return self.root.node("club").nodes("tournaments")
        return []

    def check(self, slug: str | None) -> None:
        """Folds every match and checks that the ids and the slug it keeps are free here."""
        if self.kind == "club":
            self.club_slug(slug)
        if self.kind == "match":
            match_nodes = [self.root.node("match")]
        else:
            rounds = [r for node in self.tournament_nodes() for r in node.nodes("rounds_drawn")]
            tables = [t for r in rounds for t in r.nodes("tables")]
            match_nodes = [t.node("match") for t in tables if t.data("match") is not None]
            match_nodes += evening_match_nodes(self.root)  # a club's evenings' matches
        for node in match_nodes:
            self.checked[id(node.value)] = check_match(node, set(self.rows))
        for what, model, nodes in (
            ("match", Match, match_nodes),
            ("tournament", Tournament, self.tournament_nodes()),
        ):
            ids = [public_id(node) for node in nodes]
            if len(set(ids)) != len(ids):
                raise ImportRefused(f"The document holds a {what} id twice.")
            taken = model.objects.filter(public_id__in=ids).values_list("public_id", flat=True)
            if taken and not self.new_ids:
                raise ImportRefused(
                    f"There is already a {what} {sorted(taken)[0]} here: delete it first to "
                    "restore it, or import a copy under new ids (--new-ids)."
                )

    # --- writing -----------------------------------------------------------------------------

    @staticmethod
    def username(node: Node, key: str) -> str | None:
        if node.data(key) is None:
            return None
        return node.text(key, max_length=150, blank=False)

    def account(self, username: str | None) -> Any:
        if username is None:
            return None
        if username not in self.accounts:
            users = get_user_model()
            user = users.objects.filter(username=username).first()
            if user is None:
                user = users.objects.create_user(username=username, password=None)
                self.result.accounts_created.append(username)
            self.accounts[username] = user
        return self.accounts[username]

    def make_players(self, club: Club | None = None) -> None:
        """Every player of the document as a new record; with ``club`` (a tournament imported
        on its own), a member is that club's member of the same name if it has one."""
        existing = {}
        if club is not None:
            existing = players_by_unique_name(club.members.values_list("pk", "name"))
        linked: set[int] = set()
        new, members = [], []
        for pk, row in self.rows.items():
            name = row.value["name"]
            member = club is not None and row.value.get("member") is True
            if member and name.casefold() in existing:
                self.players[pk] = Player.objects.get(pk=existing[name.casefold()])
                continue
            user = self.account(self.username(row, "account")) if "account" in row.value else None
            if user is not None and (
                user.pk in linked or Player.objects.filter(user=user).exists()
            ):
                user = None  # that account is another player's here already
            if user is not None:
                linked.add(user.pk)
            player = Player(name=name, known=row.flag("known"), user=user)
            player.created_at = row.when("created_at")
            self.players[pk] = player
            new.append(player)
            if member:
                members.append(player)
        stamps = [p.created_at for p in new]
        Player.objects.bulk_create(new)
        for player, stamp in zip(new, stamps, strict=True):
            player.created_at = stamp  # bulk_create applies auto_now_add; bulk_update does not
        Player.objects.bulk_update(new, ["created_at"])
        if members:
            club.members.add(*members)

    def player(self, node: Node, key: str, *, null: bool = False) -> Player | None:
        pk = node.integer(key, low=1, high=2**63 - 1, null=null)
        if pk is None:
            return None
        if pk not in self.players:
            raise node.refuse(f"there is no player {pk} in the document.", key)
        return self.players[pk]

    def match(self, node: Node, *, edit_key: str) -> Match:
        checked = self.checked[id(node.value)]
        stake = node.decimal("stake")
        if stake is not None and not checked.engine.money:
            raise node.refuse(f"{checked.engine.name} is not played for money.", "stake")
        match = Match.objects.create(
            public_id=new_public_id() if self.new_ids else public_id(node),
            game=checked.engine.slug,
            rules=node.obj("rules"),
            setup=node.obj("setup"),
            preset=node.text("preset", max_length=80),
            stake=stake,
            edit_key_hash=hash_edit_key(edit_key),
            version=node.integer("version"),
            state=node.obj("state"),
            finished=checked.finished,
            last_number=len(node.nodes("deals")),
        )
        # auto_now and auto_now_add stamp every save: the exported times go in by update().
        Match.objects.filter(pk=match.pk).update(
            created_at=node.when("created_at"), updated_at=node.when("updated_at")
        )
        Seat.objects.bulk_create(
            Seat(match=match, number=n, player=self.players[pk])
            for n, pk in enumerate(checked.seats)
        )
        deal_nodes = node.nodes("deals")
        deals = Deal.objects.bulk_create(
            Deal(
                match=match,
                number=n,
                input=d.value["input"],
                outcome=d.value["outcome"],
                state=after,
            )
            for n, (d, after) in enumerate(zip(deal_nodes, checked.states, strict=True), start=1)
        )
        for deal, d in zip(deals, deal_nodes, strict=True):
            deal.created_at, deal.updated_at = d.when("created_at"), d.when("updated_at")
        Deal.objects.bulk_update(deals, ["created_at", "updated_at"])
        return match

    def friendly_match(self) -> None:
        self.make_players()
        edit_key = secrets.token_urlsafe(24)
        match = self.match(self.root.node("match"), edit_key=edit_key)
        self.result.name = match.public_id
        self.result.matches.append((match.public_id, edit_key))

    def tournament(self, node: Node, club: Club) -> Tournament:
        try:
            engine = get_game(node.text("game", max_length=20))
        except UnknownGame as exc:
            raise node.refuse(str(exc), "game") from None
        size = node.integer("table_size", low=2, high=10)
        rules = node.obj("rules")
        try:
            resolved = plain(engine.options_to_data(engine.resolve_options(rules, players=size)))
        except RuleViolation as exc:
            reason = first_message(exc.errors)
            raise node.refuse(f"refused by the rules of {engine.name}: {reason}", "rules") from None
        if resolved != rules:
            raise node.refuse("must hold every option, resolved, as exported.", "rules")
        tie_breaks = node.items("tie_breaks")
        if not all(isinstance(t, str) for t in tie_breaks):
            raise node.refuse("must be a list of names.", "tie_breaks")
        tournament = Tournament.objects.create(
            public_id=new_public_id() if self.new_ids else public_id(node),
            club=club,
            name=node.name("name", max_length=120),
            game=engine.slug,
            rules=rules,
            preset=node.text("preset", max_length=80),
            format=node.choice("format", list(FORMATS)),
            rounds=node.integer("rounds", low=1, high=1000),
            round_kind=node.choice("round_kind", Tournament.RoundKind.values),
            deals_per_round=node.integer("deals_per_round", low=1, high=1000, null=True),
            table_size=size,
            tie_breaks=tie_breaks,
            status=node.choice("status", Tournament.Status.values),
            created_by=self.account(self.username(node, "created_by")),
        )
        Tournament.objects.filter(pk=tournament.pk).update(created_at=node.when("created_at"))
        entrants = self.entrants(node, tournament)
        corrections: list[tuple[Correction, Any]] = []
        for r in node.nodes("rounds_drawn"):
            self.round(r, tournament, entrants, corrections)
        made = Correction.objects.bulk_create(c for c, _ in corrections)
        for correction, (_, at) in zip(made, corrections, strict=True):
            correction.at = at
        Correction.objects.bulk_update(made, ["at"])
        # The standings are a cache: computed again from the confirmed results just written.
        tournament.standings = standings_compute(tournament)
        tournament.standings_dirty, tournament.standings_computed_at = False, timezone.now()
        tournament.save(update_fields=["standings", "standings_dirty", "standings_computed_at"])
        self.result.tournaments.append(tournament.public_id)
        return tournament

    def entrants(self, node: Node, tournament: Tournament) -> dict[int, Entrant]:
        """The tournament's entrants, by their ids in the document."""
        rows, made, seen = node.nodes("entrants"), [], set()
        pairs = get_format(tournament.format).pairs
        for row in rows:
            player = self.player(row, "player")
            partner = self.player(row, "partner", null=True)
            if player.pk in seen:
                raise row.refuse("the player is entered twice.", "player")
            if (partner is not None) != pairs:
                raise row.refuse("a pair has a partner, a player in an individual event none.")
            seen.add(player.pk)
            made.append(
                Entrant(
                    tournament=tournament,
                    player=player,
                    partner=partner,
                    status=row.choice("status", Entrant.Status.values),
                    seed=row.integer("seed"),
                    joined_round=row.integer("joined_round", low=1, high=1000),
                )
            )
        Entrant.objects.bulk_create(made)
        for entrant, row in zip(made, rows, strict=True):
            entrant.created_at = row.when("created_at")
        Entrant.objects.bulk_update(made, ["created_at"])
        ids = [row.integer("id", low=1, high=2**63 - 1) for row in rows]
        if len(set(ids)) != len(ids):
            raise node.refuse("an entrant id is listed twice.", "entrants")
        return dict(zip(ids, made, strict=True))

    def round(self, node: Node, tournament: Tournament, entrants: dict[int, Entrant], corrections):
        def entrant(pk: Any, where: Node, key: str) -> int | None:
            if pk is None:
                return None
            if not isinstance(pk, int) or pk not in entrants:
                raise where.refuse(f"there is no entrant {pk!r} in the tournament.", key)
            return entrants[pk].pk

        # The draw's report may name entrants by id (a knockout's bracket): its format says.
        kind = get_format(tournament.format)
        try:
            report = kind.report_entrants(node.obj("report"), lambda p: entrant(p, node, "report"))
        except ValueError as exc:
            raise node.refuse(str(exc), "report") from None
        this_round = Round.objects.create(
            tournament=tournament,
            number=node.integer("number", low=1, high=1000),
            status=node.choice("status", Round.Status.values),
            report=report,
            requested_at=node.when("requested_at"),
            drawn_at=node.when("drawn_at", null=True),
        )
        for t in node.nodes("tables"):
            seating = [entrant(pk, t, "seating") for pk in t.ids("seating")]
            table = Table(
                round=this_round,
                number=t.integer("number", low=1, high=10000),
                seating=seating,
                # Documents exported before the scorer was kept have none.
                scorer=t.integer("scorer", high=100, null=True) if "scorer" in t.value else None,
                confirmed_at=t.when("confirmed_at", null=True),
                confirmed_by=t.text("confirmed_by", max_length=150),
                disputed_at=t.when("disputed_at", null=True),
                disputed_by=t.text("disputed_by", max_length=150),
                dispute_reason=t.text("dispute_reason", max_length=500),
                amended_at=t.when("amended_at", null=True),
                amended_by=t.text("amended_by", max_length=150),
            )
            if t.data("match") is None and len(seating) != 1:
                raise t.refuse("a table without a match is a bye, of one entrant.", "seating")
            if t.data("match") is not None:
                seating = [entrants[pk] for pk in t.value["seating"]]
                checked = self.checked[id(t.value["match"])]
                check_table_seats(t, checked, tournament, seating, self.players)
                table.key_salt = new_key_salt()
                keys = keys_for_salt(table.key_salt)
                table.match = self.match(t.node("match"), edit_key=keys.scoring)
                table.confirm_key_hash = hash_edit_key(keys.confirmation)
            table.save()
            for c in t.nodes("corrections"):
                action = c.text("action", max_length=20, blank=False)
                correction = Correction(
                    table=table,
                    # A reopening concerns the whole table, not one deal: it is logged as deal 0.
                    deal_number=c.integer("deal_number", low=0 if action == "reopen" else 1),
                    action=action,
                    by=c.text("by", max_length=150),
                    user=self.account(self.username(c, "user")),
                    before=c.data("before"),
                    after=c.data("after"),
                )
                corrections.append((correction, c.when("at")))

    def club_slug(self, slug: str | None) -> str:
        slug = slug or self.root.node("club").text("slug", max_length=60, blank=False)
        if slugify(slug) != slug:
            raise ImportRefused(f"{slug!r} is not a slug: lower-case letters, digits and -.")
        if Club.objects.filter(slug=slug).exists():
            raise ImportRefused(
                f"There is already a club {slug!r} here: import it under another slug (--slug)."
            )
        return slug

    def club(self, slug: str | None) -> None:
        node = self.root.node("club")
        slug = self.club_slug(slug)
        club = Club.objects.create(name=node.name("name", max_length=100), slug=slug)
        Club.objects.filter(pk=club.pk).update(created_at=node.when("created_at"))
        self.result.name = slug
        directors = node.items("directors")
        if not all(isinstance(d, str) and 0 < len(d) <= 150 for d in directors):
            raise node.refuse("must be a list of usernames.", "directors")
        club.directors.add(*(self.account(d) for d in directors))
        self.make_players()
        members = node.ids("members")
        missing = [pk for pk in members if pk not in self.players]
        if missing:
            raise node.refuse(f"there is no player {missing[0]} in the document.", "members")
        club.members.add(*(self.players[pk] for pk in members))
        for p in node.nodes("presets"):
            self.preset(p, club)
        for t in node.nodes("tournaments"):
            self.tournament(t, club)
        evenings_and_seasons(self, node, club)  # they name the tournaments: after them

    def preset(self, node: Node, club: Club) -> None:
        game, rules = node.text("game", max_length=20), node.obj("rules")
        try:
            check_preset_rules(game, rules)
        except RuleViolation as exc:
            raise node.refuse(f"refused by the rules: {first_message(exc.errors)}") from None
        owner = self.account(self.username(node, "owner"))
        if owner is None:
            raise node.refuse("house rules need an owner.", "owner")
        name = node.text("name", max_length=80, blank=False)
        if RulePreset.objects.filter(owner=owner, game=game, name=name).exists():
            raise node.refuse(
                f"{owner.get_username()} already has {game} house rules called {name!r} here."
            )
        preset = RulePreset.objects.create(
            game=game,
            name=name,
            description=node.text("description", max_length=300),
            rules=rules,
            owner=owner,
            club=club,
        )
        RulePreset.objects.filter(pk=preset.pk).update(
            created_at=node.when("created_at"), updated_at=node.when("updated_at")
        )


def _tournament_into_club(job: _Import, slug: str | None) -> Tournament:
    node = job.root.node("tournament")
    wanted = slug or node.text("club", max_length=60, blank=False)
    target = Club.objects.filter(slug=wanted).first()
    if target is None:
        raise ImportRefused(
            f"There is no club {wanted!r} here: import the club first, or name the club to "
            "import the tournament into (--club)."
        )
    job.make_players(target)
    return job.tournament(node, target)


def document_import(
    document: Any, *, new_ids: bool = False, slug: str | None = None, club: str | None = None
) -> Imported:
    """Rebuilds a match, a tournament or a club from its export document, in one transaction.
    ``new_ids`` imports a copy under new public ids; ``slug`` names an imported club; ``club``
    is the club (slug) that an imported tournament goes into, by default its own."""
    root = read_header(document)
    try:
        with transaction.atomic():
            job = _Import(root, new_ids=new_ids)
            job.check(slug)
            if job.kind == "match":
                job.friendly_match()
            elif job.kind == "club":
                job.club(slug)
            else:
                job.result.name = _tournament_into_club(job, club).public_id
    except IntegrityError as exc:
        # Two rounds or tables of one number, say: the document contradicts itself.
        raise ImportRefused(f"The document holds something twice: {exc}") from None
    except DataError as exc:
        raise ImportRefused(f"The database cannot store a value of the document: {exc}") from None
    logger.info(
        "document imported",
        extra={
            "kind": job.kind,
            "imported": job.result.name,
            "matches": len(job.result.matches) or len(job.checked),
            "accounts_created": job.result.accounts_created,
            "new_ids": new_ids,
        },
    )
    return job.result
