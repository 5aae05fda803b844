"""People's and clubs' names in the pages, each isolated from the words around it (issue 26).

A name typed in another script ("علی" on an English page, "Ana" on a Persian one), or holding a
direction control kept from before names refused them, would otherwise take the words, numbers
and names next to it into its own direction: a table's players read backwards, a scoreboard's
labels overlap. ``{{ name|bdi }}`` puts a name in page text inside ``<bdi>``;
``{{ names|bdi_join:", " }}`` each of a list; ``{{ name|isolate }}`` (and ``isolate_join``)
between the Unicode isolates FSI and PDI, where markup cannot go: the ``<title>``.
``{{ name|isolated }}`` (and ``isolated_join``) isolates the same way only where it matters, as
the sentences made in Python do (``games.pages.words.isolated``): in an attribute whose text a
script shows (``data-recent``)."""

from django import template
from django.utils.html import format_html, format_html_join

from games.names import isolate as _isolate
from games.pages.words import isolated as _isolated

register = template.Library()


@register.filter
def bdi(value):
    return format_html("<bdi>{}</bdi>", value)


@register.filter
def bdi_join(values, separator):
    return format_html_join(separator, "<bdi>{}</bdi>", ((value,) for value in values))


@register.filter
def isolate(value):
    return _isolate(str(value))


@register.filter
def isolate_join(values, separator):
    return separator.join(_isolate(str(value)) for value in values)


@register.filter
def isolated(value):
    return _isolated(str(value))


@register.filter
def isolated_join(values, separator):
    return separator.join(_isolated(str(value)) for value in values)
