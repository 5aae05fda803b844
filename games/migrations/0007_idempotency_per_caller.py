"""Idempotency records belong to their caller and keep their answer sealed: the raw key and
the plain answer (which held a new match's edit key) are no longer stored. Records live 24
hours, so the old ones are simply dropped: a retry of a request made before the upgrade runs
as a new request."""

from django.db import migrations, models


def drop_records(apps, schema_editor):
    apps.get_model("games", "IdempotencyRecord").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_table_keys"),
    ]

    operations = [
        migrations.RunPython(drop_records, migrations.RunPython.noop),
        migrations.RemoveConstraint(model_name="idempotencyrecord", name="idempotency_unique_key"),
        migrations.RemoveField(model_name="idempotencyrecord", name="key"),
        migrations.RemoveField(model_name="idempotencyrecord", name="body"),
        migrations.AddField(
            model_name="idempotencyrecord",
            name="key_digest",
            field=models.CharField(default="", max_length=64),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="idempotencyrecord",
            name="sealed_body",
            field=models.TextField(blank=True),
        ),
        migrations.AddConstraint(
            model_name="idempotencyrecord",
            constraint=models.UniqueConstraint(
                fields=("scope", "key_digest"), name="idempotency_unique_key"
            ),
        ),
    ]
