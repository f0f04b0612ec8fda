"""The rendered-text guard (``tutor/translations/rendered.py``): each rule fires on a bad
sample and stays quiet on a good one; the shipped allow-lists parse."""

from __future__ import annotations

import pytest

from tutor.translations.rendered import Allowed, allowed_for, check, parse_allowed, without

NONE = Allowed()


def found(language: str, text: str, allowed: Allowed = NONE) -> list[tuple[str, str]]:
    return [(f.rule, f.found) for f in check(language, text, allowed=allowed)]


@pytest.mark.parametrize("language", ["bn", "hi", "ja", "cs"])
def test_card_codes_found_in_every_language(language: str) -> None:
    text = "フロップ Kc 10h Ts"
    assert [f for f in found(language, text) if f[0] == "card-code"] == [
        ("card-code", "Kc"),
        ("card-code", "10h"),
        ("card-code", "Ts"),
    ]


def test_card_code_only_as_a_whole_token() -> None:
    # Czech words and abbreviations that start like a code: "As" is no code in Czech text
    # because "A" must be followed by a lower-case suit letter and nothing else.
    assert found("cs", "Asi, Ksicht, 10\u00a0s, Kdo, Tsunami, 2sd") == []
    assert found("cs", "Esa A♠ K♦ a\u00a010♥") == []


def test_latin_word_found_in_bengali() -> None:
    assert found("bn", "প্লেয়ার A বেট 2x করে") == [("latin", "x")]


def test_latin_allow_list_and_rank_letters_pass() -> None:
    allowed = Allowed(latin=("Teen Patti", "SB"))
    assert found("hi", "तीन पत्ती (Teen Patti) में SB और A-K-Q", allowed) == []
    assert found("hi", "Teen Pattis", allowed) == [("latin", "Teen"), ("latin", "Pattis")]


def test_glosses_pass_only_where_the_language_allows_them() -> None:
    text = "फ़ोल्ड (Fold) करें"
    assert found("hi", text, Allowed(glosses=True)) == []
    assert found("hi", text) == [("latin", "Fold")]
    # English running text is no gloss.
    assert found("hi", "फ़ोल्ड Fold करें", Allowed(glosses=True)) == [("latin", "Fold")]


def test_addresses_are_not_words() -> None:
    assert found("ja", "http://127.0.0.1:8000/ja/join/ または teacher@example.com") == []


def test_english_function_words_in_czech() -> None:
    assert found("cs", "Hráč the winner") == [("english", "the")]
    assert found("cs", "Je to remíza, pak theorie") == []


def test_japanese_ascii_punctuation() -> None:
    assert found("ja", "2番席 (ボタン)") == [("ja-punctuation", "("), ("ja-punctuation", ")")]
    assert found("ja", "1番席, 2番席") == [("ja-punctuation", ",")]
    assert found("ja", "フロップ: 次") == [("ja-punctuation", ":")]
    assert found("ja", "第1ハンド · 次") == [("ja-punctuation", "·")]


def test_japanese_full_width_punctuation_and_ascii_between_numbers_pass() -> None:
    assert found("ja", "2番席（ボタン）、3番席：2:1、9,543,327/9,787,750") == []


def test_czech_one_letter_word_and_plain_space() -> None:
    assert found("cs", "Hráč s kartou") == [("cs-nbsp", "s ")]
    assert found("cs", "A pak") == [("cs-nbsp", "A ")]


def test_czech_no_break_space_and_longer_words_pass() -> None:
    assert found("cs", "Hráč s\u00a0kartou a\u00a0v\u00a0ruce, pokus A-2 a\u00a0konec a\n") == []


def test_known_passages_are_excused() -> None:
    allowed = Allowed(known=("Hráč A a",))
    assert found("cs", "Hráč A a\u00a0Hráč B", allowed) == []
    assert found("cs", "Jiný A a\u00a0Hráč B", allowed) == [("cs-nbsp", "A ")]


def test_finding_names_page_rule_and_context() -> None:
    (finding,) = check("ja", "長い文の途中で 2番席 (ボタン", page="rules", allowed=NONE)
    assert str(finding) == 'rules ja ja-punctuation: «(» in "長い文の途中で 2番席 (ボタン"'


def test_without_blanks_left_out_passages() -> None:
    assert found("bn", without("English বাংলা", ["English"])) == []


def test_allow_list_format_is_checked() -> None:
    with pytest.raises(ValueError, match="unknown keys"):
        parse_allowed('latn = ["x"]')
    with pytest.raises(ValueError, match="non-empty strings"):
        parse_allowed('latin = [""]')


@pytest.mark.parametrize("language", ["bn", "hi", "ja", "cs"])
def test_shipped_allow_lists_parse(language: str) -> None:
    allowed = allowed_for(language)
    assert all(phrase.strip() == phrase for phrase in allowed.latin)
    if language != "cs":
        assert "SB" in allowed.latin


def test_czech_glosses_and_allowed_phrases_are_not_english_text() -> None:
    allowed = Allowed(latin=("Robert's Rules of Poker",), glosses=True)
    assert (
        found("cs", "Trojice (three of a\u00a0kind) podle Robert's Rules of Poker", allowed) == []
    )
    assert found("cs", "Trojice three of a\u00a0kind", allowed) == [("english", "of")]
