from __future__ import annotations

import doctest

import pytest
from django.utils import translation

from tutor.words import base
from tutor.words.base import MissingWords, fill, join_names, lookup


def test_base_doctests() -> None:
    assert doctest.testmod(base).failed == 0


def test_lookup_names_the_family_and_the_code() -> None:
    with pytest.raises(MissingWords) as raised:
        lookup({"a": 1}, "street", "b")
    assert (raised.value.family, raised.value.code) == ("street", "b")
    assert str(raised.value) == "no words for street code 'b'"


def test_fill_keeps_a_message_without_placeholders_as_it_is() -> None:
    assert fill("100 % sure.", {}) == "100 % sure."
    assert fill("%(n)s %%", {"n": "5"}) == "5 %"


def test_fill_raises_for_a_placeholder_it_lacks() -> None:
    with pytest.raises(MissingWords, match="'pot'"):
        fill("%(seat)s wins %(pot)s.", {"seat": "Seat 1"})


def test_join_names_follows_the_language() -> None:
    with translation.override("en"):
        assert join_names(["A", "B", "C"]) == "A, B, and C"
    with translation.override("cs"):
        assert join_names(["A", "B"]) == "A a\xa0B"  # Czech keeps "a" with the next word


def test_sentences_run_on_in_japanese_and_keep_one_space_elsewhere() -> None:
    from tutor.words.base import run_on, sentences

    with translation.override("ja"):
        assert (
            sentences("です。", ["フロップ以降は…。", ""], "次！") == "です。フロップ以降は…。次！"
        )
        assert run_on("表示されます。\n  <a>確認テスト</a>") == "表示されます。<a>確認テスト</a>"
    for language in ("en", "cs", "hi", "bn"):
        with translation.override(language):
            assert sentences("One.", "Two।") == "One. Two।"
            assert run_on("One.\n  Two.") == "One.\n  Two."


def test_answer_parts_use_the_language_pattern_not_an_ascii_semicolon() -> None:
    from tutor.words.base import answer_parts

    with translation.override("ja"):
        assert (
            answer_parts(["750（3番席）", "1,300（2番席）", "9"])
            == "750（3番席）、1,300（2番席）、9"
        )
    with translation.override("en"):
        assert answer_parts(["outs: 9", "Call"]) == "outs: 9; Call"
    assert answer_parts([]) == ""


def test_hand_note_and_link_patterns_have_no_english_dash_in_japanese() -> None:
    from tutor.words.base import hand_note, with_link

    with translation.override("ja"):
        assert hand_note("ツーペア", "勝ち") == "ツーペア：勝ち"
        assert with_link("ユニット1で学びます", "レッスンへ") == "ユニット1で学びます。レッスンへ"
    with translation.override("cs"):
        assert hand_note("Dvojice", "vyhrává") == "Dvojice – vyhrává"
    with translation.override("en"):
        assert hand_note("Two pair", "wins") == "Two pair — wins"
