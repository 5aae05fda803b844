"""Issue 26: a friendly match counts in a club's ratings only when one of the club's people
created it. The lists of the clubs that rate friendly matches may hold a stranger's match
counted before: each is marked dirty, and beat's sweep rebuilds it under the new rule."""

from django.db import migrations
from django.utils import timezone


def mark_dirty(apps, schema_editor):
    RatingList = apps.get_model("games", "RatingList")
    RatingList.objects.filter(club__rate_friendly_matches=True).update(
        dirty=True, requested_at=timezone.now(), applied_count=0, applied_digest=""
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_table_scoring_side"),
    ]

    operations = [migrations.RunPython(mark_dirty, migrations.RunPython.noop)]
