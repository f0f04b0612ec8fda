"""What the class pages' views share (the class, its report): finding the teacher's own
class (anyone else's is a 404), as ``tutor.quizzes.teacher_common`` finds their quiz."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from tutor.core.http import AuthenticatedHttpRequest

from .models import Classroom


def own_class(request: AuthenticatedHttpRequest, pk: int) -> Classroom:
    return get_object_or_404(Classroom, pk=pk, owner=request.user)
