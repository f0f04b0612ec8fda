"""Each kind of warning on small synthetic catalogs, both ways, and the real catalogs."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from tests.conftest import TRANSLATED
from tutor.translations.checks import BREAKING, STRICT, CheckWarning, check_language

TERMS = """
[[term]]
en = ["side pot", "side pots"]
forms = ["vedlejš"]
"""

HEADER = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: cs\\n"
"Plural-Forms: nplurals=4; plural=(n == 1 && n % 1 == 0) ? 0 : (n >= 2 && n <= 4 && n % 1 == 0) ? 1: (n % 1 != 0 ) ? 2 : 3;\\n"

"""

# Ordinary entries, all about as long as their English, so that the language's median
# ratio is about 1 and only a real outlier stands out.
FILLER = [
    ("The dealer shuffles the deck.", "Krupiér zamíchá balíček karet."),
    ("Every player gets two cards.", "Každý hráč dostane dvě karty."),
    ("The flop has three cards.", "Na flopu jsou tři karty."),
    ("The river is the last card.", "River je poslední karta."),
    ("The best five cards play.", "Hraje pět nejlepších karet."),
]


def po_entry(msgid: str, msgstr: str, *, context: str | None = None, flags: str = "") -> str:
    lines = [f"#, {flags}"] if flags else []
    if context:
        lines.append(f'msgctxt "{context}"')
    lines += [f'msgid "{msgid}"', f'msgstr "{msgstr}"', ""]
    return "\n".join(lines) + "\n"


def check(
    tmp_path: Path, entries: list[str], *, domain: str = "django", terms: str = TERMS
) -> list[CheckWarning]:
    folder = tmp_path / "cs" / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    body = "".join(po_entry(en, cs) for en, cs in FILLER) + "".join(entries)
    (folder / f"{domain}.po").write_text(HEADER + body, encoding="utf-8")
    (tmp_path / "cs" / "terminology.toml").write_text(terms, encoding="utf-8")
    return check_language(tmp_path, "cs")


def kinds(warnings: list[CheckWarning]) -> list[str]:
    return [w.kind for w in warnings]


def test_missing_term_is_warned(tmp_path: Path) -> None:
    warnings = check(tmp_path, [po_entry("Split the side pots.", "Rozdělte boční banky.")])
    assert kinds(warnings) == ["term"]
    (warning,) = warnings
    assert warning.catalog == "locale/cs/LC_MESSAGES/django.po"
    assert warning.msgid == "Split the side pots."
    assert "side pot" in warning.detail and "vedlejš" in warning.detail
    lines = (tmp_path / "cs/LC_MESSAGES/django.po").read_text().splitlines()
    assert lines[warning.line - 1] == 'msgid "Split the side pots."'


def test_term_rendered_is_not_warned(tmp_path: Path) -> None:
    assert check(tmp_path, [po_entry("Split the side pots.", "Rozdělte vedlejší banky.")]) == []


def test_term_left_out_on_purpose_is_not_warned(tmp_path: Path) -> None:
    """A translator comment names the terms left out; other terms are still checked."""
    terms = TERMS + '[[term]]\nen = ["seat"]\nforms = ["míst"]\n'
    ok = "# terms-ok: Side pot\n" + po_entry("Split the side pots.", "Rozdělte boční banky.")
    assert check(tmp_path, [ok], terms=terms) == []
    both = "# terms-ok: side pot\n" + po_entry("Each seat's side pot.", "Boční bank každého.")
    warnings = check(tmp_path, [both], terms=terms)
    assert [w.detail.split("”")[0] for w in warnings] == ["“seat"]
    unrelated = "# Says what it means.\n" + po_entry("Split the side pots.", "Rozdělte banky.")
    assert kinds(check(tmp_path, [unrelated], terms=terms)) == ["term"]


def test_dropped_placeholder_is_warned(tmp_path: Path) -> None:
    entry = po_entry("%(seat)s wins %(pot)s.", "Vyhrává %(seat)s.", flags="python-format")
    (warning,) = check(tmp_path, [entry])
    assert warning.kind == "placeholder"
    assert "%(pot)" in warning.detail


@pytest.mark.parametrize(
    ("english", "translation"),
    [
        ("%(seat)s wins %(pot)s.", "%(pot)s vyhrává %(seat)s."),  # moved is fine
        ("%(seat)s wins %(pot)s.", "%(seat)s: %(pot)s, vyhrává %(seat)s."),  # repeated too
        ("Bet {amount} now.", "Vsaďte teď {amount}."),
    ],
)
def test_kept_placeholders_are_not_warned(tmp_path: Path, english: str, translation: str) -> None:
    assert check(tmp_path, [po_entry(english, translation, flags="python-format")]) == []


def test_positional_placeholders_are_counted(tmp_path: Path) -> None:
    counted = po_entry("%s and %s", "%s a", flags="python-format")
    assert kinds(check(tmp_path, [counted])) == ["placeholder"]


def test_percent_in_a_segment_is_prose(tmp_path: Path) -> None:
    # A segment is never %-formatted: "100 % is" is prose, not a conversion.
    prose = po_entry("It pays 100 % in the end, %d times.", "Nakonec vyplácí 100 %.")
    assert check(tmp_path, [prose], domain="rules-holdem") == []


def test_broken_bold_is_warned_in_a_segment(tmp_path: Path) -> None:
    entry = po_entry("The **button** moves left.", "**Značka dealera* se posouvá doleva.")
    (warning,) = check(tmp_path, [entry], domain="rules-holdem")
    assert warning.kind == "markup"
    assert "**" in warning.detail


@pytest.mark.parametrize(
    ("english", "translation"),
    [
        ("The **button** moves left.", "**Značka dealera** se posouvá doleva."),
        ("See [Side pots](#side-pots) below.", "Viz [vedlejší banky](#side-pots) níže."),
        ("Use `A-2-3-4-5` here.", "Zde `A-2-3-4-5`."),
    ],
)
def test_kept_markup_is_not_warned(tmp_path: Path, english: str, translation: str) -> None:
    assert check(tmp_path, [po_entry(english, translation)], domain="rules-holdem") == []


@pytest.mark.parametrize(
    ("english", "translation", "domain"),
    [
        ("Read <strong>this</strong> first.", "Nejdřív si přečtěte tohle.", "django"),
        ("Rules {#rules}", "Pravidla", "rules-holdem"),
    ],
)
def test_other_broken_markup_is_warned(
    tmp_path: Path, english: str, translation: str, domain: str
) -> None:
    assert kinds(check(tmp_path, [po_entry(english, translation)], domain=domain)) == ["markup"]


def test_length_outlier_is_warned(tmp_path: Path) -> None:
    long = "Když hráč vsadí, ostatní hráči musí dorovnat, navýšit nebo položit karty. " * 3
    (warning,) = check(tmp_path, [po_entry("Each player acts in turn.", long)])
    assert warning.kind == "length"
    assert "median" in warning.detail


def test_short_or_usual_lengths_are_not_outliers(tmp_path: Path) -> None:
    entries = [
        po_entry("Each player acts in turn.", "Každý hráč hraje, když je na řadě."),
        po_entry("Fold", "Položit karty a vzdát se hry"),  # English under 20 characters
    ]
    assert check(tmp_path, entries) == []


def test_fuzzy_and_untranslated_entries_are_reported_not_checked(tmp_path: Path) -> None:
    entries = [
        po_entry("Split the side pots.", "Rozdělte boční banky.", flags="fuzzy"),
        po_entry("%(seat)s wins.", ""),
    ]
    warnings = check(tmp_path, entries)
    assert [(w.kind, w.msgid) for w in warnings] == [
        ("fuzzy", "Split the side pots."),
        ("untranslated", "%(seat)s wins."),
    ]
    lines = (tmp_path / "cs/LC_MESSAGES/django.po").read_text().splitlines()
    assert lines[warnings[1].line - 1] == 'msgid "%(seat)s wins."'


@pytest.mark.parametrize(
    ("english", "translation", "detail"),
    [
        ("1 in %(number)s", "1 z %(number)s (tj. 5 % kombinací)", 'stray "%" at character 23'),
        ("%(amount)s chips", "%(amount)d žetonů", "'d' and 's' are not compatible"),
        ("%(seat)s wins %(pot)s.", "Vyhrává %(seat)s.", "missing placeholder %(pot)s"),
        ("%(seat)s folds.", "%(seat)s složí %(cards)s.", "unknown named placeholder 'cards'"),
    ],
)
def test_python_format_errors_are_warned(
    tmp_path: Path, english: str, translation: str, detail: str
) -> None:
    (warning,) = check(tmp_path, [po_entry(english, translation, flags="python-format")])
    assert warning.kind == "placeholder"
    assert detail in warning.detail
    lines = (tmp_path / "cs/LC_MESSAGES/django.po").read_text().splitlines()
    assert lines[warning.line - 1] == f'msgid "{english}"'


def test_stray_percent_in_a_plural_form_is_warned(tmp_path: Path) -> None:
    forms = ["%(count)s bod", "%(count)s body", "%(count)s bodu", "%(count)s bodů % navíc"]
    (warning,) = check(tmp_path, [plural_entry("%(count)s point", "%(count)s points", forms)])
    assert warning.kind == "placeholder"
    assert 'plural form 3: stray "%"' in warning.detail


@pytest.mark.parametrize("language", TRANSLATED)
def test_real_catalogs_pass_the_strict_check(language: str) -> None:
    """What `make check-translations` fails on: breaking, incomplete and term warnings."""
    warnings = check_language(Path(settings.BASE_DIR) / "locale", language)
    strict = [f"{w.catalog}:{w.line} [{w.kind}] {w.detail}" for w in warnings if w.kind in STRICT]
    assert strict == []
    assert BREAKING < STRICT and "term" in STRICT


def plural_entry(singular: str, plural: str, forms: list[str]) -> str:
    lines = ["#, python-format", f'msgid "{singular}"', f'msgid_plural "{plural}"']
    lines += [f'msgstr[{i}] "{form}"' for i, form in enumerate(forms)]
    return "\n".join(lines) + "\n\n"


def test_plural_form_dropping_a_placeholder_is_warned(tmp_path: Path) -> None:
    forms = ["%(count)s bod", "%(count)s body", "bodu", "%(count)s bodů"]
    (warning,) = check(tmp_path, [plural_entry("%(count)s point", "%(count)s points", forms)])
    assert warning.kind == "placeholder"
    assert "plural form 2" in warning.detail


def test_plural_form_may_follow_the_singular(tmp_path: Path) -> None:
    forms = ["jeden bod", "%(count)s body", "%(count)s bodu", "%(count)s bodů"]
    assert check(tmp_path, [plural_entry("one point", "%(count)s points", forms)]) == []


@pytest.mark.parametrize(
    ("english", "translation", "kind", "detail"),
    [
        (
            "Read <b>this</b> first.",
            "Nejdřív <b>tohle</strong>.",
            "markup",
            '"</strong>" closes "<b>"',
        ),
        (
            'See <a href="/rules/">the rules</a>.',
            'Viz <a href="/x/">pravidla</a>.',
            "link",
            '"/rules/" became "/x/"',
        ),
        (
            'See <a href="/rules/">the rules</a>.',
            "Viz pravidla.",
            "markup",
            'missing "</a>", "<a>"',
        ),
    ],
)
def test_broken_tags_and_changed_links_are_warned(
    tmp_path: Path, english: str, translation: str, kind: str, detail: str
) -> None:
    entry = po_entry(english.replace('"', '\\"'), translation.replace('"', '\\"'))
    warnings = check(tmp_path, [entry])
    assert kinds(warnings)[0] == kind
    assert detail in warnings[0].detail


def test_changed_markdown_link_is_a_link_warning(tmp_path: Path) -> None:
    entry = po_entry("See [Side pots](#side-pots) below.", "Viz [vedlejší banky](#banky) níže.")
    (warning,) = check(tmp_path, [entry], domain="rules-holdem")
    assert warning.kind == "link"
    assert warning.detail == 'link address changed: "#side-pots" became "#banky"'
    glossary = po_entry("See [Side pots](#side-pots).", "Viz [vedlejší banky](#vedlejsi).")
    assert kinds(check(tmp_path / "g", [glossary], domain="glossary")) == ["link"]


def test_fuzzy_entry_shows_a_word_diff_of_the_english(tmp_path: Path) -> None:
    entry = '#, fuzzy\n#| msgid "The dealer burns one card."\n' + po_entry(
        "The dealer burns a card face down.", "Krupiér spálí jednu kartu."
    )
    (warning,) = check(tmp_path, [entry])
    assert warning.kind == "fuzzy"
    assert "[-one card.-] {+a card face down.+}" in warning.detail
    assert warning.diff == (
        ("=", "The dealer burns"),
        ("-", "one card."),
        ("+", "a card face down."),
    )
