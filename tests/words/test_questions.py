from __future__ import annotations

from django.utils import translation

from tutor.words.questions import bad_question_message


def test_bad_question_message_by_kind() -> None:
    with translation.override("en"):
        assert bad_question_message("level").startswith("That level does not exist")
        assert bad_question_message("seed").startswith("That question link is not valid")
        assert bad_question_message("token").startswith("This answer could not be matched")
