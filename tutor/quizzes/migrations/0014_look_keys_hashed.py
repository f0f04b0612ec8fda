"""Look-alike keys of one length (issue 25): a confusable skeleton can be six times as
long as its name (40 Hangul syllables: 240 characters, over the 200 of the column, a 500
on PostgreSQL), so each is stored as its SHA-256 (``names.look_key``); and usernames get
look-alike keys too (``UsernameLook``), filled in for the accounts made before (of two
alike, the older keeps the key)."""

import re

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

KEY = re.compile("[0-9a-f]{64}")


def hash_keys(apps, schema_editor):
    from tutor.core.names import look_key

    Participant = apps.get_model("quizzes", "Participant")
    for row in Participant.objects.only("skeleton", "capitals").iterator():
        row.skeleton, row.capitals = (
            value if not value or KEY.fullmatch(value) else look_key(value)
            for value in (row.skeleton, row.capitals)
        )
        row.save(update_fields=["skeleton", "capitals"])


def fill_username_looks(apps, schema_editor):
    from django.contrib.auth import get_user_model

    from tutor.core.names import looks

    field = get_user_model().USERNAME_FIELD  # historical models lack it
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    UsernameLook = apps.get_model("quizzes", "UsernameLook")
    seen, made = set(), []
    for user in User.objects.order_by("id").iterator():
        skeleton, capitals = looks(getattr(user, field))
        if skeleton not in seen:
            seen.add(skeleton)
            made.append(UsernameLook(user_id=user.pk, skeleton=skeleton, capitals=capitals))
    UsernameLook.objects.bulk_create(made, batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('quizzes', '0013_per_student_questions'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(hash_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='participant',
            name='capitals',
            field=models.CharField(db_index=True, default='', max_length=64),
        ),
        migrations.AlterField(
            model_name='participant',
            name='skeleton',
            field=models.CharField(max_length=64),
        ),
        migrations.CreateModel(
            name='UsernameLook',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('skeleton', models.CharField(max_length=64, unique=True)),
                ('capitals', models.CharField(db_index=True, max_length=64)),
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='username_look', to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.RunPython(fill_username_looks, migrations.RunPython.noop),
    ]
