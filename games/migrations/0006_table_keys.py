"""A tournament table's two secrets, derived from a salt and stored only as hashes; the plain
``table_key`` column goes. Existing tables get new keys: cards printed before this migration
must be printed again."""

import hashlib

from django.db import migrations, models


def rekey_tables(apps, schema_editor):
    # Imported here: the derivation is the service's, and stays one function.
    from games.services.table_keys import keys_for_salt, new_key_salt

    Table = apps.get_model("games", "Table")
    Match = apps.get_model("games", "Match")
    for table in Table.objects.exclude(match=None).only("pk", "match_id").iterator():
        salt = new_key_salt()
        keys = keys_for_salt(salt)
        Table.objects.filter(pk=table.pk).update(
            key_salt=salt,
            confirm_key_hash=hashlib.sha256(keys.confirmation.encode()).hexdigest(),
        )
        Match.objects.filter(pk=table.match_id).update(
            edit_key_hash=hashlib.sha256(keys.scoring.encode()).hexdigest()
        )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_round_requested_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="key_salt",
            field=models.CharField(blank=True, editable=False, max_length=32),
        ),
        migrations.AddField(
            model_name="table",
            name="confirm_key_hash",
            field=models.CharField(blank=True, editable=False, max_length=64),
        ),
        migrations.AddField(
            model_name="table",
            name="disputed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="table",
            name="disputed_by",
            field=models.CharField(blank=True, max_length=150),
        ),
        migrations.AddField(
            model_name="table",
            name="dispute_reason",
            field=models.CharField(blank=True, max_length=500),
        ),
        migrations.RunPython(rekey_tables, migrations.RunPython.noop),
        migrations.RemoveField(model_name="table", name="table_key"),
    ]
