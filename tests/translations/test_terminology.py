"""The terminology data: its parser, its matching, and the four shipped files."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings

from tests.conftest import TRANSLATED
from tutor.translations.terminology import (
    TermIndex,
    TerminologyError,
    load_terms,
    missing_terms,
    parse_terms,
)

LOCALE_DIR = Path(settings.BASE_DIR) / "locale"

SAMPLE = """
language = "cs"

[[term]]
en = ["pot", "pots"]
forms = ["bank"]

[[term]]
en = ["side pot", "side pots"]
forms = ["vedlejš"]
patterns = ['bočn\\w* bank']
note = "a stem covers every case"

[[term]]
en = ["turn"]
forms = ["turn"]
except = ["your turn"]

[[term]]
en = ["check"]
forms = ["ček"]
skip_msgctxt = ["learning step"]
"""


def test_parse_terms_reads_every_key() -> None:
    pot, side_pot, turn, check = parse_terms(SAMPLE)
    assert side_pot.en == ("side pot", "side pots")
    assert side_pot.key == "side pot"
    assert side_pot.forms == ("vedlejš",)
    assert side_pot.patterns[0].pattern == r"bočn\w* bank"
    assert side_pot.note == "a stem covers every case"
    assert turn.except_en == ("your turn",)
    assert check.skip_msgctxt == ("learning step",)
    assert pot.msgctxt is None


@pytest.mark.parametrize(
    "text",
    [
        '[[term]]\nforms = ["x"]',  # no English
        '[[term]]\nen = ["pot"]',  # no rendering
        '[[term]]\nen = ["pot"]\nforms = ["bank"]\ncolour = "red"',  # unknown key
        "[[term]]\nen = [\"pot\"]\npatterns = ['(']",  # bad regex
        'term = "pot"',  # not an array of tables
        "[[term]\n",  # not TOML
    ],
)
def test_parse_terms_refuses_malformed_data(text: str) -> None:
    with pytest.raises(TerminologyError):
        parse_terms(text)


def test_stem_and_pattern_cover_inflections() -> None:
    terms = parse_terms(SAMPLE)
    assert missing_terms("Each side pot", "Každý vedlejší bank", terms) == []
    assert missing_terms("Each side pot", "Ve vedlejších bankách", terms) == []
    assert missing_terms("Each side pot", "Každý boční bank", terms) == []
    assert missing_terms("Each side pot", "Každá hromádka", terms) == ["side pot"]


def test_longest_term_wins_and_placeholders_are_not_prose() -> None:
    index = TermIndex(parse_terms(SAMPLE))
    assert [t.key for t in index.found_in("Side pots and the pot")] == ["side pot", "pot"]
    assert [t.key for t in index.found_in("The side pot")] == ["side pot"]
    assert index.found_in("%(pot)s chips, see [x](/rules/#side-pots)") == []


def test_except_and_context_keep_other_senses_out() -> None:
    index = TermIndex(parse_terms(SAMPLE))
    assert index.found_in("It is your turn") == []
    assert [t.key for t in index.found_in("Deal the turn")] == ["turn"]
    assert index.found_in("Check", context="learning step") == []
    assert [t.key for t in index.found_in("Check", context="poker action")] == ["check"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_shipped_terminology_parses_with_enough_terms(language: str) -> None:
    terms = load_terms(LOCALE_DIR / language / "terminology.toml")
    assert 30 <= len(terms) <= 120
    keys = [t.key for t in terms]
    for core in ("fold", "check", "call", "raise", "all-in", "side pot", "showdown", "kicker"):
        assert core in keys, core
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("language", TRANSLATED)
def test_shipped_terms_are_used_by_the_catalogs(language: str) -> None:
    """Every term's renderings occur in the language's catalogs: the data describes what
    the translators write, not guesses."""
    texts = []
    for path in (LOCALE_DIR / language / "LC_MESSAGES").glob("*.po"):
        with path.open("rb") as fh:
            for message in read_po(fh):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                texts.extend(s for s in strings if s)
    corpus = "\n".join(texts)
    terms = load_terms(LOCALE_DIR / language / "terminology.toml")
    assert [t.key for t in terms if not t.rendered_in(corpus)] == []
