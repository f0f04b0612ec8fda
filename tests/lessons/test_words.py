"""Every code of the learning path has its sentence: the mastery rules, the refusals."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.conftest import LANGUAGES
from tutor.learning.mastery import DROP, RULES, Mastery
from tutor.lessons.words import REFUSALS, RULE_SENTENCES, mastery_rules, rule_sentence

REFUSAL_CODES = {"unreadable", "already_answered"}


def test_every_mastery_rule_has_a_sentence() -> None:
    assert {rule.code for rule in (*RULES, DROP)} == set(RULE_SENTENCES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_are_written_out_with_their_numbers(language: str) -> None:
    with translation.override(language):
        levels, drop = mastery_rules()
        assert [str(name) for name, _ in levels][-1] and len(levels) == len(RULES)
        assert all(sentence for _, sentence in levels) and drop
    with translation.override("en"):
        sentences = [rule_sentence(rule) for rule in RULES]
        assert sentences[1] == "2 right answers, at any level."
        assert sentences[2] == (
            "3 right answers in a row at Medium or Hard level, the first at least 8 hours"
            " before the last."
        )
        assert "24 hours later" in sentences[3]
        assert rule_sentence(DROP) == (
            "A wrong answer while a concept is Proficient or Mastered takes it down one level."
        )
        assert RULES[-1].mastery == Mastery.MASTERED


def test_every_refusal_has_a_message() -> None:
    assert set(REFUSALS) == REFUSAL_CODES
    with translation.override("en"):
        assert all(str(message).endswith(".") for message in REFUSALS.values())
