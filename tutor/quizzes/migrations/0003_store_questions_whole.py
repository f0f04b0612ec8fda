"""Sessions made before questions were stored whole kept only (drill, level, seed) per
question, and their pages dealt the question again from the seed. Deal each of those once
now, with today's generators, and store the result: from here on nothing deals them again.
"""

from django.db import migrations


def store_whole(apps, schema_editor):
    from tutor.drills.registry import question_drill
    from tutor.drills.written import deal

    Session = apps.get_model("quizzes", "Session")
    for session in Session.objects.iterator():
        changed = False
        questions = []
        for entry in session.questions:
            drill = question_drill(entry.get("drill", ""))
            if "question" not in entry and drill is not None:
                entry = {**entry, **deal(drill, entry["level"], int(entry["seed"]))}
                changed = True
            questions.append(entry)
        if changed:
            session.questions = questions
            session.save(update_fields=["questions"])


class Migration(migrations.Migration):
    dependencies = [("quizzes", "0002_participant_join_key")]

    operations = [migrations.RunPython(store_whole, migrations.RunPython.noop)]
