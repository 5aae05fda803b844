"""Each deal keeps the match state after it, so that no read has to fold the match, and each
match the number of its last deal, so that a write reads no deal. The backfill replays every
match once with the rules engine (the same fold as match_recompute)."""

from django.db import migrations, models

BATCH = 500


def backfill(apps, schema_editor):
    from games.rules import RuleViolation, MatchOver, fold, get_game

    Match = apps.get_model("games", "Match")
    Deal = apps.get_model("games", "Deal")
    for match in Match.objects.order_by("pk").iterator(chunk_size=200):
        deals = list(Deal.objects.filter(match=match).order_by("number"))
        if not deals:
            continue
        Match.objects.filter(pk=match.pk).update(last_number=deals[-1].number)
        game = get_game(match.game)
        options = game.options_from_data(match.rules)
        try:
            _state, steps = fold(game, options, match.setup, [d.input for d in deals])
        except (RuleViolation, MatchOver):
            # A match the rules no longer accept keeps empty states; match_recompute (or the
            # admin action) tells what is wrong with it, as before.
            continue
        for deal, step in zip(deals, steps):
            deal.state = game.state_to_data(step.state)
        Deal.objects.bulk_update(deals, ["state"], batch_size=BATCH)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0008_amended_results"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="last_number",
            field=models.PositiveIntegerField(default=0, editable=False, verbose_name="last deal"),
        ),
        migrations.AddField(
            model_name="deal",
            name="state",
            field=models.JSONField(default=dict, verbose_name="state after"),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop, elidable=True),
    ]
