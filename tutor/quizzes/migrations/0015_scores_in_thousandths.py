"""Scores to the thousandth of a point (issue 23): a speed bonus rounded to whole points
gave answers seconds apart the same bonus on small questions. Each stored whole number
keeps its value (and reads back as an int: ``scoring.score``)."""

from django.db import migrations

import tutor.quizzes.fields


class Migration(migrations.Migration):
    dependencies = [("quizzes", "0014_look_keys_hashed")]

    operations = [
        migrations.AlterField(
            model_name="response",
            name="points",
            field=tutor.quizzes.fields.ScoreField(decimal_places=3, default=0, max_digits=12),
        ),
        migrations.AlterField(
            model_name="response",
            name="bonus",
            field=tutor.quizzes.fields.ScoreField(decimal_places=3, default=0, max_digits=12),
        ),
    ]
