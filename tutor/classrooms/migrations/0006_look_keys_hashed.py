"""Look-alike keys of one length (issue 25): each roster name's confusable skeletons as
their SHA-256 (``names.look_key``), as quiz nicknames' (``quizzes/0014``)."""

import re

from django.db import migrations, models

KEY = re.compile("[0-9a-f]{64}")


def hash_keys(apps, schema_editor):
    from tutor.core.names import look_key

    Member = apps.get_model("classrooms", "Member")
    for row in Member.objects.only("skeleton", "capitals").iterator():
        row.skeleton, row.capitals = (
            value if not value or KEY.fullmatch(value) else look_key(value)
            for value in (row.skeleton, row.capitals)
        )
        row.save(update_fields=["skeleton", "capitals"])


class Migration(migrations.Migration):

    dependencies = [
        ('classrooms', '0005_longer_class_codes'),
    ]

    operations = [
        migrations.RunPython(hash_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='member',
            name='capitals',
            field=models.CharField(default='', max_length=64),
        ),
        migrations.AlterField(
            model_name='member',
            name='skeleton',
            field=models.CharField(max_length=64),
        ),
    ]
