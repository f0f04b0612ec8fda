"""Czech non-breaking spaces (tutor/words/typography.py): where they go, and where not."""

from __future__ import annotations

import pytest

from tutor.words.typography import NBSP, czech_nbsp


def _n(text: str) -> str:
    """Write the expected NBSP as "~" to keep the cases readable."""
    return text.replace("~", NBSP)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a potom", "a~potom"),  # start of text
        ("Hráč s kartou", "Hráč s~kartou"),
        ("Sedí, a proto", "Sedí, a~proto"),  # after punctuation
        ("(v bance)", "(v~bance)"),  # after a bracket
        ("„k tomu“", "„k~tomu“"),  # after an opening quote
        ("je a v domě i u stolu", "je a~v~domě i~u~stolu"),  # several in a row
        (
            "V bance. S kartou. K tomu. Z toho. O tom. U stolu. A pak. I tak.",
            "V~bance. S~kartou. K~tomu. Z~toho. O~tom. U~stolu. A~pak. I~tak.",
        ),
        ("pak s kartou", "pak s~kartou"),
        ("Mars svítí", "Mars svítí"),  # the s that ends a word is no preposition
        ("Mars s", "Mars s"),  # nothing follows on the line
        ("e-a b", "e-a b"),  # part of a hyphenated word
        ("Hold&#x27;s karta", "Hold&#x27;s karta"),  # the end of an entity
        ("3 hráči, 5 karet, 1\u00a0000 žetonů", "3~hráči, 5~karet, 1\u00a0000~žetonů"),
        ("10 %", "10~%"),
        ("2. kolo", "2.~kolo"),  # an ordinal
        ("je jich 5. Potom", "je jich 5. Potom"),  # a number that ends a sentence
        ("karty 2 3 4", "karty 2 3 4"),  # numbers next to numbers stay apart
        ("a\n   potom", "a~potom"),  # a line break in the source is white space too
        ("kde je s\u00a0nimi", "kde je s\u00a0nimi"),  # already right
    ],
)
def test_czech_nbsp_text(text: str, expected: str) -> None:
    assert czech_nbsp(text) == _n(expected)


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ('<p class="a b">s kartou</p>', '<p class="a b">s~kartou</p>'),
        (
            '<a href="/cs/v a/" title="k tomu">v bance</a>',
            '<a href="/cs/v a/" title="k tomu">v~bance</a>',
        ),
        ('<input name="q" value="a v domě"> a v', '<input name="q" value="a v domě"> a~v'),
        ("<script>var a = 1; if (a v b) {}</script>", "<script>var a = 1; if (a v b) {}</script>"),
        ("<style>a b { color: red }</style>", "<style>a b { color: red }</style>"),
        ("<textarea>a v domě</textarea>", "<textarea>a v domě</textarea>"),
        ("<pre>a v domě</pre><code>s kartou</code>", "<pre>a v domě</pre><code>s kartou</code>"),
        ("<option>v pořádku</option>", "<option>v pořádku</option>"),
        ("<!-- a v domě --> a v domě", "<!-- a v domě --> a~v~domě"),
        ("<p>s <strong>bankem</strong></p>", "<p>s~<strong>bankem</strong></p>"),
        ("<li>karty a\n</li>", "<li>karty a\n</li>"),  # a block ends: nothing to hold
        ("<p>Hráč <b>A</b> a <b>B</b></p>", "<p>Hráč <b>A</b> a~<b>B</b></p>"),
    ],
)
def test_czech_nbsp_changes_only_text_between_tags(html: str, expected: str) -> None:
    assert czech_nbsp(html) == _n(expected)


def test_czech_nbsp_is_idempotent() -> None:
    text = "<p>a v domě s 3 hráči, 2. kolo, k <em>tomu</em></p>"
    once = czech_nbsp(text)
    assert once != text
    assert czech_nbsp(once) == once
