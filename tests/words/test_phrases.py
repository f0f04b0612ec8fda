"""Japanese lines break between phrases only, and "20-20" never at its hyphen
(``tutor/words/phrases.py``, issue 26): the markup the typography middleware puts in."""

from __future__ import annotations

import re

from django.utils.html import escape
from hypothesis import given
from hypothesis import strategies as st

from tutor.words.phrases import WBR, phrase_breaks

NOBR = re.compile(r'<span class="nobr">([^<]*)</span>')


def shown(html: str) -> str:
    """What the markup shows: without the break opportunities and no-break spans."""
    return NOBR.sub(r"\1", html.replace(WBR, ""))


def test_phrase_breaks_puts_wbr_between_japanese_phrases_not_inside_words() -> None:
    html = phrase_breaks(
        "<td>メインポットは1,250です。ロイヤルストレートフラッシュが最強の役です</td>", "ja"
    )
    assert WBR in html
    assert "メインポット" in html and "ロイヤルストレートフラッシュ" in html
    assert (
        shown(html)
        == "<td>メインポットは1,250です。ロイヤルストレートフラッシュが最強の役です</td>"
    )


def test_phrase_breaks_leaves_tags_attributes_and_raw_text_alone() -> None:
    page = (
        '<title>メインポットとサイドポット</title><a title="メインポットは1,250です" '
        'href="/ja/drills/side-pots/">サイドポットの練習をします</a><script>let s = "メインポットは";</script>'
        "<option>メインポットを選びます</option><textarea>メインポットは</textarea>"
        "<svg><text>ロイヤルストレートフラッシュが最強です</text></svg><!-- メインポットは -->"
    )
    html = phrase_breaks(page, "ja")
    link_text = html.split('side-pots/">')[1].split("</a>")[0]
    assert link_text == "サイドポットの<wbr>練習を<wbr>します"
    assert html.replace(link_text, "").count(WBR) == 0
    assert html.replace(WBR, "") == page


def test_phrase_breaks_never_splits_a_latin_word_or_a_number() -> None:
    html = phrase_breaks(
        "要確認のメッセージ（fuzzy：翻訳後に英語が変更されたもの）は1,250.50です", "ja"
    )
    assert WBR in html
    assert "fuzzy" in html and "1,250.50" in html


def test_phrase_breaks_splits_a_phrase_too_long_for_a_phone_where_a_katakana_word_ends() -> None:
    html = phrase_breaks(
        "レイズは必ずビッグブラインド1つ分以上でなければならないとしています。", "ja"
    )
    assert "ビッグブラインド<wbr>1つ分以上" in html
    assert "ロイヤルストレートフラッシュが<wbr>" in phrase_breaks(
        "ロイヤルストレートフラッシュが最強の役です", "ja"
    )


def test_phrase_breaks_never_splits_an_entity() -> None:
    text = escape("ポットは<script>&「A&B」です。") + "&nbsp;&#x27;役&#12354;です"
    html = phrase_breaks(text, "ja")
    assert WBR in html
    assert html.replace(WBR, "") == text
    assert "<script>" not in html


def test_phrase_breaks_keeps_hyphenated_numbers_whole_in_every_language() -> None:
    for language in ("en", "cs", "ja", "xx"):
        html = phrase_breaks('<a href="/teen-patti-20-20/">Teen Patti 20-20</a>', language)
        assert html == '<a href="/teen-patti-20-20/">Teen Patti <span class="nobr">20-20</span></a>'
    assert phrase_breaks("A-K-Q, tip-off", "en") == "A-K-Q, tip-off"


def test_phrase_breaks_changes_nothing_in_a_language_without_a_parser() -> None:
    text = "メインポットは1,250です。"
    assert phrase_breaks(text, "en") == text
    assert phrase_breaks(text, "cs") == text


JAPANESE = st.text(
    alphabet=st.sampled_from(
        "メインポットはサイドを勝ちますロイヤル最強の役です。、（）1,250 -<>&\"'"
    ),
    max_size=60,
)


@given(JAPANESE)
def test_phrase_breaks_shows_the_same_text(text: str) -> None:
    written = escape(text)
    assert shown(phrase_breaks(written, "ja")) == written


# "Two or more digits, a hyphen, two or more digits", alone between non-word characters.
HYPHENATED = re.compile(r"(?<![0-9A-Za-z-])[0-9]{2,}(?:-[0-9]{2,})+(?![0-9A-Za-z-])")


@given(st.text(alphabet=st.sampled_from("0123456789-- a"), max_size=30))
def test_phrase_breaks_finds_every_hyphenated_number_in_a_language_without_a_parser(
    text: str,
) -> None:
    html = phrase_breaks(text, "en")
    assert NOBR.findall(html) == HYPHENATED.findall(text)
    assert shown(html) == text
