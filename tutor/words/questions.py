"""Why a drill question had to be replaced: the kind of :class:`BadQuestion` a drill raised
(``"level"``, ``"seed"`` or ``"token"``) -> the notice shown above the new question."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .base import lookup


def _messages() -> dict[str, str]:
    return {
        "level": _("That level does not exist, so here is an easy question instead."),
        "seed": _("That question link is not valid, so here is a new question."),
        "token": _(
            "This answer could not be matched to a question (the page may be too old or "
            "was changed). Here is a new question."
        ),
    }


def bad_question_message(kind: str) -> str:
    return lookup(_messages(), "bad question", kind)
