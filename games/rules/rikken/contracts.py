"""Rikken's contract table (RULES.md §4): the ``contracts`` rule option, its rows, their names,
ranks and amounts. The words are those of ``game.py``; a contract played from the table in a
deal is read in ``entries.py``.

- *contract table*: the ``contracts`` rule option, lowest first: a club's own, or the default.
  Each row is a slug from the *catalogue* (every contract a club can name by slug alone) or an
  object that names one and may change any of its fields: name, side, tricks, trumps, base,
  per trick, rank.
- *penalty*: what the row counts under club penalty points (``penalty.py``):
  ``{"made", "over", "failed", "under"}``, the defaults for a row that leaves it out.
- *rank*: a row's place in the bidding; rows of one *group* (misère and piek, say) that stand
  next to each other share one, and only contracts of one rank are played together.
- *override*: a row's own ``partner_pays`` or ``all_tricks_bonus``, which replaces the rule
  option of that name for this contract only (a troela whose partner pays where a rik's does
  not; an all-tricks bonus for rik and troela only).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..base import MISSING, Errors, Path, check_known_fields, is_int
from ..messages import msg, pmsg
from .penalty import DEFAULT_PENALTY, read_penalty

TRICKS = 13
SIDES = ("partner", "troela", "alone")
TRUMPS = ("declarer", "partner", "beter", "none")
# A club's own contract table: amounts a table could want, and no more (sums stay exact).
MAX_UNITS = 1000
MAX_RANK = 100
MAX_CONTRACT_NAME = 40
# A row's own rule options (its *overrides*), each with the rule option's values.
OVERRIDES = ("partner_pays", "all_tricks_bonus")
ROW_FIELDS = (
    "slug",
    "name",
    "side",
    "tricks",
    "trumps",
    "base",
    "per_trick",
    "rank",
    "penalty",
    *OVERRIDES,
)
# Who pays when a partnership fails: the ``partner_pays`` option, and a row's override.
PARTNER_PAYS = {
    "always": pmsg("rule choice", "always"),
    "never": pmsg("rule choice", "never"),
    "under_two_tricks": pmsg("rule choice", "under two tricks"),
}


@dataclass(frozen=True)
class ContractRow:
    slug: str
    name: str
    side: str
    tricks: Mapping[str, int]  # {"at_least": n} or {"exactly": n}
    trumps: str
    base: int
    per_trick: int
    rank: int
    penalty: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_PENALTY))
    # The row's overrides; None keeps the rule option.
    partner_pays: str | None = None
    all_tricks_bonus: int | None = None

    @property
    def need(self) -> int:
        return next(iter(self.tricks.values()))

    @property
    def exact(self) -> bool:
        return "exactly" in self.tricks

    def made(self, tricks: int) -> bool:
        return tricks == self.need if self.exact else tricks >= self.need


def _row(slug, name, side, tricks, trumps, base, per_trick, group=None):
    return {
        "slug": slug,
        "name": name,
        "side": side,
        "tricks": tricks,
        "trumps": trumps,
        "base": base,
        "per_trick": per_trick,
        "group": group,
    }


def _solo(n: int, trumps: str = "declarer") -> dict[str, Any]:
    if trumps == "beter":
        name = pmsg("Rikken contract", "%(tricks)s alleen beter", tricks=n)
        return _row(f"solo_{n}_beter", name, "alone", {"at_least": n}, trumps, 1, 1)
    name = pmsg("Rikken contract", "%(tricks)s alleen", tricks=n)
    return _row(f"solo_{n}", name, "alone", {"at_least": n}, trumps, 1, 1)


# Every row a club can name by slug alone; a club's row may also change any field. Rows of one
# `group` that stand next to each other share a rank (misère = piek).
CATALOGUE = {
    row["slug"]: row
    for row in (
        _row("rik", pmsg("Rikken contract", "Rik"), "partner", {"at_least": 8}, "declarer", 1, 1),
        _row(
            "rik_beter",
            pmsg("Rikken contract", "Rik beter"),
            "partner",
            {"at_least": 8},
            "beter",
            1,
            1,
        ),
        *(_solo(n) for n in range(7, 13)),
        *(_solo(n, "beter") for n in range(7, 13)),
        _row(
            "misere",
            pmsg("Rikken contract", "Misère"),
            "alone",
            {"exactly": 0},
            "none",
            5,
            0,
            "misere",
        ),
        _row(
            "piek", pmsg("Rikken contract", "Piek"), "alone", {"exactly": 1}, "none", 5, 0, "misere"
        ),
        _row(
            "open_misere",
            pmsg("Rikken contract", "Open misère"),
            "alone",
            {"exactly": 0},
            "none",
            10,
            0,
            "open",
        ),
        _row(
            "open_piek",
            pmsg("Rikken contract", "Open piek"),
            "alone",
            {"exactly": 1},
            "none",
            10,
            0,
            "open",
        ),
        _row(
            "troela",
            pmsg("Rikken contract", "Troela"),
            "troela",
            {"at_least": 8},
            "partner",
            2,
            1,
        ),
        _row(
            "open_misere_praatje",
            pmsg("Rikken contract", "Open misère met een praatje"),
            "alone",
            {"exactly": 0},
            "none",
            15,
            0,
            "praatje",
        ),
        _row(
            "open_piek_praatje",
            pmsg("Rikken contract", "Open piek met een praatje"),
            "alone",
            {"exactly": 1},
            "none",
            15,
            0,
            "praatje",
        ),
        _row(
            "solo_13",
            pmsg("Rikken contract", "%(tricks)s alleen", tricks=13),
            "alone",
            {"exactly": 13},
            "declarer",
            15,
            0,
        ),
        _row(
            "open_solo_13",
            pmsg("Rikken contract", "Open %(tricks)s alleen", tricks=13),
            "alone",
            {"exactly": 13},
            "declarer",
            20,
            0,
        ),
    )
}
DEFAULT_TABLE = (
    "rik",
    "rik_beter",
    "solo_8",
    "misere",
    "piek",
    "solo_9",
    "solo_10",
    "solo_11",
    "solo_12",
    "open_misere",
    "open_piek",
    "troela",
    "open_misere_praatje",
    "open_piek_praatje",
    "solo_13",
    "open_solo_13",
)


def contract_name(row: ContractRow | Mapping[str, Any]) -> str | None:
    """A contract's name for people: the catalogue's own words (translatable) while the row keeps
    the catalogue's name, which a table read back from the match's stored rules no longer says
    in them; a club's own name as the club wrote it (None for a row that names none)."""
    slug = row.get("slug") if isinstance(row, Mapping) else row.slug
    name = row.get("name") if isinstance(row, Mapping) else row.name
    known = CATALOGUE.get(slug)
    if known is not None and (name is None or name == known["name"]):
        return known["name"]
    return name


def build_table(entries: Sequence[Any], errors: Errors, path: Path) -> tuple[ContractRow, ...]:
    """Reads a contract table, lowest first: each entry a catalogue slug, or a row object (a
    catalogue slug's fields may be left out to keep them). A rank left out is the previous
    row's rank when both belong to one equal group (misère, piek), else one more."""
    rows: list[ContractRow] = []
    seen: set[str] = set()
    previous_group = None
    for index, entry in enumerate(entries):
        here = (*path, index)
        if isinstance(entry, str):
            entry = {"slug": entry}
        read = _read_row_fields(entry, seen, errors, here)
        if read is None:
            continue
        slug, known, row = read
        _check_row(row, slug, errors, here)
        _check_overrides(entry, row, errors, here)
        penalty = dict(DEFAULT_PENALTY)
        if entry.get("penalty") is not None:
            penalty = read_penalty(entry["penalty"], errors, (*here, "penalty")) or penalty
        rank = _read_rank(entry, known.get("group"), previous_group, rows, errors, here)
        # Also after a row with errors: the next row's rank is read as if this one were right.
        previous_group = known.get("group")
        if errors.has(here):
            continue
        rows.append(
            ContractRow(
                slug=slug,
                name=row.get("name", slug),
                side=row["side"],
                tricks=dict(row["tricks"]),
                trumps=row["trumps"],
                base=row["base"],
                per_trick=row["per_trick"],
                rank=rank,
                penalty=penalty,
                partner_pays=entry.get("partner_pays"),
                all_tricks_bonus=entry.get("all_tricks_bonus"),
            )
        )
    if not rows and not errors:
        errors.add(path, msg("A contract table needs at least one contract."))
    return tuple(rows)


def _read_row_fields(
    entry: Any, seen: set[str], errors: Errors, here: Path
) -> tuple[str, Mapping[str, Any], dict[str, Any]] | None:
    """The row's slug, its catalogue row (empty for a club's own contract) and its fields over
    the catalogue's, the rank left out; None when the entry names no contract, or one again."""
    if not isinstance(entry, Mapping):
        errors.add(here, msg("A contract row is a slug or an object."))
        return None
    check_known_fields(entry, ROW_FIELDS, errors, here)
    slug = entry.get("slug")
    if not isinstance(slug, str) or not slug:
        errors.add((*here, "slug"), msg("Each contract needs a slug."))
        return None
    if slug in seen:
        errors.add((*here, "slug"), msg("The contract %(slug)s is listed twice.", slug=slug))
        return None
    seen.add(slug)
    known = CATALOGUE.get(slug, {})
    fields = {k: v for k, v in entry.items() if k not in ("rank", "penalty", *OVERRIDES)}
    return slug, known, {**known, **fields}


def _check_row(row: Mapping[str, Any], slug: str, errors: Errors, here: Path) -> None:
    """Checks a row's fields, each on its own, then side and trumps together."""
    name = row.get("name", slug)
    if not isinstance(name, str) or not 0 < len(name) <= MAX_CONTRACT_NAME:
        errors.add(
            (*here, "name"),
            msg("Must be text of 1 to %(most)s characters.", most=MAX_CONTRACT_NAME),
        )
    side, trumps = row.get("side"), row.get("trumps")
    if side not in SIDES:
        errors.add((*here, "side"), msg("Must be one of %(choices)s.", choices=", ".join(SIDES)))
    if trumps not in TRUMPS:
        errors.add((*here, "trumps"), msg("Must be one of %(choices)s.", choices=", ".join(TRUMPS)))
    if not _is_tricks(row.get("tricks")):
        errors.add(
            (*here, "tricks"),
            msg('Must be {"at_least": n} or {"exactly": n}, n from 0 to %(most)s.', most=TRICKS),
        )
    for key in ("base", "per_trick"):
        if not is_int(row.get(key)) or not 0 <= row[key] <= MAX_UNITS:
            errors.add(
                (*here, key),
                msg("Must be a whole number of units from 0 to %(most)s.", most=MAX_UNITS),
            )
    if side in SIDES and trumps in TRUMPS:
        _check_side_and_trumps(side, trumps, errors, here)


def _check_overrides(
    entry: Mapping[str, Any], row: Mapping[str, Any], errors: Errors, here: Path
) -> None:
    """A row's own ``partner_pays`` and ``all_tricks_bonus``: the option's values, and only on a
    row they can apply to (a partner to pay; tricks counted up to all 13). None keeps the
    option."""
    name = contract_name(row) or row.get("slug")
    pays = entry.get("partner_pays")
    if pays is not None:
        if not isinstance(pays, str) or pays not in PARTNER_PAYS:  # a list is no rule either
            shown = ", ".join(PARTNER_PAYS)
            errors.add((*here, "partner_pays"), msg("Must be one of %(choices)s.", choices=shown))
        elif row.get("side") == "alone":
            errors.add(
                (*here, "partner_pays"),
                msg("%(contract)s is played alone: there is no partner to pay.", contract=name),
            )
    bonus = entry.get("all_tricks_bonus")
    if bonus is not None:
        if not is_int(bonus) or not 0 <= bonus <= MAX_UNITS:
            errors.add(
                (*here, "all_tricks_bonus"),
                msg("Must be a whole number of units from 0 to %(most)s.", most=MAX_UNITS),
            )
        elif _is_tricks(row.get("tricks")) and "exactly" in row["tricks"]:
            errors.add(
                (*here, "all_tricks_bonus"),
                msg(
                    "%(contract)s needs an exact number of tricks: no all-tricks bonus applies.",
                    contract=name,
                ),
            )


def _is_tricks(tricks: Any) -> bool:
    return (
        isinstance(tricks, Mapping)
        and len(tricks) == 1
        and set(tricks) <= {"at_least", "exactly"}
        and is_int(next(iter(tricks.values())))
        and 0 <= next(iter(tricks.values())) <= TRICKS
    )


def _check_side_and_trumps(side: str, trumps: str, errors: Errors, here: Path) -> None:
    if (side == "troela") != (trumps == "partner"):
        errors.add((*here, "trumps"), msg("In a troela, and only there, the partner names trumps."))
    if side == "partner" and trumps == "none":
        errors.add((*here, "trumps"), msg("A partnership contract is played with trumps."))


def _read_rank(
    entry: Mapping[str, Any],
    group: str | None,
    previous_group: str | None,
    rows: Sequence[ContractRow],
    errors: Errors,
    here: Path,
) -> Any:
    """The row's rank: as given (at least the previous row's), or one more than the previous
    row's, or the same when both belong to one ``group``."""
    rank = entry.get("rank", MISSING)
    if rank is MISSING:
        if rows and group is not None and group == previous_group:
            return rows[-1].rank
        return rows[-1].rank + 1 if rows else 1
    if not is_int(rank) or not 1 <= rank <= MAX_RANK:
        errors.add(
            (*here, "rank"),
            msg("Must be a whole number from %(low)s to %(high)s.", low=1, high=MAX_RANK),
        )
    elif rows and rank < rows[-1].rank:
        errors.add((*here, "rank"), msg("The table lists contracts lowest first."))
    return rank


def parse_table(value: Any, errors: Errors, path: Path) -> Any:
    """The ``contracts`` rule option as a table of rows; MISSING when it has errors."""
    if not isinstance(value, list):
        errors.add(path, msg("Must be a list of contract rows, lowest first."))
        return MISSING
    table = build_table(value, errors, path)
    return MISSING if errors.has(path) else table


DEFAULT_CONTRACTS = build_table(DEFAULT_TABLE, Errors(), ("contracts",))
