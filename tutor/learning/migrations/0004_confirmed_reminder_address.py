"""Reminders go only to a confirmed address. The addresses accounts already have were
their own choice (at sign-up, or on the progress page): they count as confirmed."""

from django.conf import settings
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def confirm_existing(apps, schema_editor):
    Learner = apps.get_model("learning", "Learner")
    User = apps.get_model(settings.AUTH_USER_MODEL)
    email = User.objects.filter(pk=OuterRef("user_id")).values("email")[:1]
    Learner.objects.filter(user__isnull=False).update(confirmed_email=Subquery(email))


class Migration(migrations.Migration):

    dependencies = [
        ("learning", "0003_daily_goal_and_reminders"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="learner",
            name="confirmed_email",
            field=models.EmailField(blank=True, default="", max_length=254),
        ),
        migrations.AddField(
            model_name="learner",
            name="confirm_sent",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(confirm_existing, migrations.RunPython.noop),
    ]
