"""``manage.py makemessages`` that also finds the rules engines' messages: the engines mark
them with their own markers (``msg``, ``nmsg``, ``pmsg``, ``npmsg``, games/rules/messages.py),
since they may not import Django's, and xgettext is told those names as keywords."""

from django.core.management.commands import makemessages

from games.rules.messages import KEYWORDS


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        *(f"--keyword={keyword}" for keyword in KEYWORDS.values()),
    ]
