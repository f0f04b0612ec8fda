"""How an account's username looks (``tutor/core/names.py``), so no two accounts' names look
alike: a model of the quizzes app (accounts live there), kept out of ``models.py``, which
imports it."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tutor.core import names


class UsernameLook(models.Model):
    """How an account's username looks (``names.looks``), so that no two accounts' names
    look alike: made at sign-up (``forms.SignupForm``) and, for accounts made before, by
    migration (one of two alike kept none); accounts the admin makes have none."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="username_look"
    )
    skeleton = models.CharField(max_length=names.LOOK_KEY_LENGTH, unique=True)
    capitals = models.CharField(max_length=names.LOOK_KEY_LENGTH, db_index=True)

    def __str__(self) -> str:
        return str(self.user)
