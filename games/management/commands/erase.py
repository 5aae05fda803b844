"""``manage.py erase <player id> [--yes]``: the operator erases a known player at their request
(games.services.erasure), as the player or a director of each of their clubs would. For the
player nobody else can answer: a member of no club any more (their club was deleted) without
an account of their own."""

from django.core.management.base import BaseCommand, CommandError

from games.models import Club, Player
from games.services.erasure import player_erase
from games.services.errors import Conflict, NotFound


class Command(BaseCommand):
    help = (
        "Erases a known player for good: their name becomes 'Former player N' everywhere, "
        "their results keep their numbers, their account, tokens and sessions are deleted. "
        "Without --yes it says what would happen and erases nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("player", type=int, help="the player's id (their page /p/<id>/)")
        parser.add_argument("--yes", action="store_true", help="erase: it cannot be undone")

    def handle(self, *args, player, yes, **options):
        found = Player.objects.filter(pk=player, known=True).first()
        if found is None:
            raise CommandError(f"There is no known player {player}.")
        if not yes:
            clubs = Club.objects.filter(members=found).count()
            account = "an account" if found.user_id else "no account"
            raise CommandError(
                f"Player {player}: {clubs} club(s), {account}. Nothing erased; run again with "
                "--yes to erase them. It cannot be undone."
            )
        try:
            erased = player_erase(player=found)
        except (Conflict, NotFound) as exc:
            raise CommandError(str(exc)) from None
        account = "; their account is deleted" if erased.account_deleted else ""
        self.stderr.write(f"Player {erased.player_id} is now {erased.name!r}{account}.")
