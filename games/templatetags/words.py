"""Words the pages keep as text, said in the reader's language: ``{{ match.preset|preset_name }}``
(a built-in preset's name, kept in English by the match) and ``{{ table.confirmed_by|said_by }}``
(who confirmed, disputed or changed a table's result, as the table keeps it)."""

from django import template

from games.pages.tournaments.display import said_by as _said_by
from games.translation import preset_name as _preset_name

register = template.Library()


@register.filter
def preset_name(value):
    return _preset_name(value)


@register.filter
def said_by(value):
    return _said_by(value)
