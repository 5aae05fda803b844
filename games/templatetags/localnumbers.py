"""Numbers as the page's language writes them: ``{{ units|sign_first }}`` keeps a sign on the
number's left in a right-to-left language, ``{{ amount|money }}`` writes a decimal string
("0.50", as the settle-up computes it) with the language's decimal mark ("0,50" in Italian)
and as many decimals as it has (games/pages/numbers.py)."""

from django import template

from games.pages.numbers import counted as _counted
from games.pages.numbers import local_amount
from games.pages.numbers import sign_first as _sign_first

register = template.Library()


@register.filter
def sign_first(value):
    return _sign_first(value)


@register.filter
def money(value):
    return _sign_first(local_amount(value))


@register.filter
def counted(value, unit):
    """A count with its word in the language's form for it: ``{{ units|counted:"units" }}``."""
    if value is None or value == "":
        return value
    return _counted(int(value), unit)
