"""Keeping the one join box unambiguous: a new session never takes a class's code.

Session codes come from ``tutor.quizzes.models.new_code`` (that app knows nothing of
classes); before a new session is first saved, a code that a class already has is drawn
again. Classes draw theirs from the codes neither has (``models.new_class_code``).
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import pre_save
from django.dispatch import receiver

from tutor.quizzes.models import Session, new_code

from .models import Classroom


@receiver(pre_save, sender=Session, dispatch_uid="classrooms-session-code")
def keep_off_class_codes(sender: type[Session], instance: Session, **kwargs: Any) -> None:
    if not instance._state.adding or kwargs.get("raw"):
        return
    while Classroom.objects.filter(code=instance.code).exists():
        instance.code = new_code()
