"""One line per deal for the history table, in the game's words."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _


def team_name(team: int | None) -> str:
    return "" if team is None else _("Team %(n)d") % {"n": team + 1}


def summary(
    game: str, deal_input: dict[str, Any], outcome: dict[str, Any], names: list[str]
) -> str:
    def who(seat):
        return names[seat] if seat is not None and 0 <= seat < len(names) else _("blind man")

    parts: list[str] = []
    if game == "marafon":
        if outcome.get("annulled"):
            return _("Annulled (mandare a monte)")
        if outcome.get("claim"):
            claim = outcome["claim"]
            verdict = _("right") if claim["correct"] else _("wrong")
            return _("Claim by %(who)s: %(verdict)s") % {
                "who": who(claim["seat"]),
                "verdict": verdict,
            }
        parts.append("{} – {}".format(*outcome["points"]))
        if outcome.get("marafona") is not None:
            parts.append(_("marafona %(team)s") % {"team": team_name(outcome["marafona"])})
        if outcome.get("cappotto") is not None:
            parts.append(_("cappotto"))
    elif game == "trionfo":
        if outcome["bid"] == "pass":
            return _("All passed")
        parts.append(f"{outcome['bid'].replace('_', ' ')} {who(outcome['declarer'])}")
        if outcome.get("partner") is not None:
            parts.append(_("with %(who)s") % {"who": who(outcome["partner"])})
        parts.append(_("made") if outcome["made"] else _("failed"))
    elif game == "malilla":
        if outcome.get("irregularity"):
            parts.append(outcome["irregularity"])
            if outcome.get("loser") is not None:
                parts.append(_("%(team)s loses") % {"team": team_name(outcome["loser"])})
            return " · ".join(parts)
        parts.append("{} – {}".format(*outcome["points"]))
        bonus = outcome.get("bonus")
        if bonus:
            parts.append(_("bonus %(points)d %(status)s") % bonus)
        for label in ("capote", "zapato"):
            if outcome.get(label) is not None:
                parts.append(f"{label} {team_name(outcome[label])}")
    elif game == "rikken":
        if outcome.get("special"):
            return outcome["special"]["game"].replace("_", " ")
        if outcome.get("redeal"):
            return _("All passed: redeal")
        for entry in outcome["contracts"]:
            made = _("made") if entry["made"] else _("failed")
            parts.append(
                f"{entry['contract'].replace('_', ' ')} {who(entry['declarer'])}"
                f" {entry['tricks']} ({made})"
            )
    elif game == "etori":
        parts.append(
            _("%(team)s wins %(chips)d")
            % {"team": team_name(outcome["winner"]), "chips": outcome["chips"]}
        )
        parts.append(outcome["trump"])
    return " · ".join(parts)
