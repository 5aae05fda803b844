"""``{{ amount|sign_first }}``: a signed number whose sign stays on its left in a right-to-left
language (games/pages/numbers.py)."""

from django import template

from games.pages.numbers import sign_first as _sign_first

register = template.Library()


@register.filter
def sign_first(value):
    return _sign_first(value)
