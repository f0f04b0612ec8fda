"""Nicknames compared by their confusable skeleton: the field, filled in for students who
joined before (a later one whose name looks like an earlier one's keeps a skeleton of its
own, marked with its id, so no one is lost), then one skeleton per session."""

from django.db import migrations, models


def fill_skeletons(apps, schema_editor):
    from tutor.core.names import skeleton

    Participant = apps.get_model("quizzes", "Participant")
    seen = set()
    for participant in Participant.objects.order_by("session_id", "joined", "id").iterator():
        skel = skeleton(participant.nickname)
        if (participant.session_id, skel) in seen:
            skel = f"{skel}#{participant.pk}"
        seen.add((participant.session_id, skel))
        participant.skeleton = skel
        participant.save(update_fields=["skeleton"])


class Migration(migrations.Migration):
    dependencies = [("quizzes", "0003_store_questions_whole")]

    operations = [
        migrations.AddField(
            model_name="participant",
            name="skeleton",
            field=models.CharField(default="", max_length=200),
            preserve_default=False,
        ),
        migrations.RunPython(fill_skeletons, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="participant",
            constraint=models.UniqueConstraint(
                fields=("session", "skeleton"), name="unique_nickname_skeleton_per_session"
            ),
        ),
    ]
