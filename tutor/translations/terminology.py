"""Each language's binding poker terms, read from ``locale/<ll>/terminology.toml``.

``TERMINOLOGY.md`` explains the choices to people; the TOML file beside it is the same
table as data, so that ``manage.py checktranslations`` can tell a translator which
segment says "side pot" in English but not the agreed word in their language. The file
format is documented at the top of every ``terminology.toml``:

>>> terms = parse_terms('''
... [[term]]
... en = ["side pot", "side pots"]
... forms = ["vedlejš"]
... ''')
>>> [term.key for term in terms]
['side pot']
>>> missing_terms("Each side pot is won alone.", "Každý boční bank se vyhrává zvlášť.", terms)
['side pot']
>>> missing_terms("Each side pot is won alone.", "Každý vedlejší bank zvlášť.", terms)
[]
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

# Placeholders and Markdown link targets are not English prose: "%(pot)s" must not
# count as the term "pot", nor "(/rules/texas-holdem/#side-pots)" as "side pots".
PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|\{\w+\}")
NOT_PROSE = re.compile(r"%\(\w+\)[sdif]|\{[\w#-]+\}|\]\([^)]*\)|<[^>]+>")


class TerminologyError(ValueError):
    """A ``terminology.toml`` that does not follow the documented format."""


@dataclass(frozen=True)
class Term:
    """One English term and the renderings a translation must contain one of.

    ``forms`` are found anywhere in the translation, ignoring case, so a stem
    (Czech ``vedlejš``) covers every inflection; ``patterns`` are regular expressions
    for what a stem cannot say. ``except_en`` are English phrases that contain the
    term's words in another sense ("your turn"); ``skip_msgctxt`` the contexts
    where the word is not the poker term ("Check" as a learning step).
    """

    en: tuple[str, ...]
    forms: tuple[str, ...]
    patterns: tuple[re.Pattern[str], ...] = ()
    msgctxt: str | None = None
    skip_msgctxt: tuple[str, ...] = ()
    except_en: tuple[str, ...] = ()
    note: str = ""

    @property
    def key(self) -> str:
        return self.en[0]

    def applies_to(self, context: str | None) -> bool:
        if self.msgctxt is not None and context != self.msgctxt:
            return False
        return context not in self.skip_msgctxt

    def rendered_in(self, translation: str) -> bool:
        # "बची हुई %(odd)s चिप्स" renders "बची हुई चिप": placeholders may sit inside a term.
        translation = " ".join(PLACEHOLDER.sub(" ", translation).split())
        folded = translation.casefold()
        if any(form.casefold() in folded for form in self.forms):
            return True
        return any(pattern.search(translation) for pattern in self.patterns)


def _strings(raw: dict[str, object], key: str, *, required: bool = False) -> tuple[str, ...]:
    value = raw.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise TerminologyError(f"{key!r} must be a list of non-empty strings: {raw!r}")
    if required and not value:
        raise TerminologyError(f"{key!r} is required: {raw!r}")
    return tuple(value)


def _term(raw: object) -> Term:
    if not isinstance(raw, dict):
        raise TerminologyError(f"each [[term]] must be a table, not {raw!r}")
    known = {"en", "forms", "patterns", "msgctxt", "skip_msgctxt", "except", "note"}
    if unknown := set(raw) - known:
        raise TerminologyError(f"unknown keys {sorted(unknown)} in {raw!r}")
    patterns = _strings(raw, "patterns")
    try:
        compiled = tuple(re.compile(p, re.IGNORECASE) for p in patterns)
    except re.error as error:
        raise TerminologyError(f"bad pattern in {raw!r}: {error}") from error
    if not _strings(raw, "forms") and not compiled:
        raise TerminologyError(f"a term needs 'forms' or 'patterns': {raw!r}")
    context = raw.get("msgctxt")
    if context is not None and not isinstance(context, str):
        raise TerminologyError(f"'msgctxt' must be a string: {raw!r}")
    note = raw.get("note", "")
    return Term(
        en=_strings(raw, "en", required=True),
        forms=_strings(raw, "forms"),
        patterns=compiled,
        msgctxt=context,
        skip_msgctxt=_strings(raw, "skip_msgctxt"),
        except_en=_strings(raw, "except"),
        note=note if isinstance(note, str) else "",
    )


def parse_terms(text: str) -> list[Term]:
    """The terms of a ``terminology.toml`` text; raises ``TerminologyError`` if malformed."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TerminologyError(str(error)) from error
    raw_terms = data.get("term", [])
    if not isinstance(raw_terms, list):
        raise TerminologyError("'term' must be an array of tables ([[term]])")
    return [_term(raw) for raw in raw_terms]


def load_terms(path: Path) -> list[Term]:
    return parse_terms(path.read_text(encoding="utf-8")) if path.exists() else []


class TermIndex:
    """The terms of one language, ready to look for in English text.

    The English is cut into lower-case words (a hyphen separates words, so "all-in"
    and "all in" are the same phrase) and each position takes the longest phrase that
    starts there: in "side pot" the word "pot" is not a second term, and in "straight
    flush" neither "straight" nor "flush" is. A term's ``except`` phrases claim their
    words for no term. Dictionary look-ups, not one regex per term: the whole check of
    every catalog stays well under two seconds.
    """

    def __init__(self, terms: list[Term]) -> None:
        self.terms = terms
        owner: dict[tuple[str, ...], Term | None] = {}
        for term in terms:
            for phrase in term.except_en:
                owner.setdefault(_words(phrase), None)
        for term in terms:
            for phrase in term.en:
                owner[_words(phrase)] = term
        # First word -> the phrases starting with it, longest first.
        self._starting: dict[str, list[tuple[tuple[str, ...], Term | None]]] = {}
        for words, owning in sorted(owner.items(), key=lambda item: -len(item[0])):
            self._starting.setdefault(words[0], []).append((words, owning))

    def found_in(self, english: str, context: str | None = None) -> list[Term]:
        """The terms the English uses, in order of appearance, each once."""
        words = _words(NOT_PROSE.sub(" ", english))
        found: list[Term] = []
        i = 0
        while i < len(words):
            for phrase, term in self._starting.get(words[i], ()):
                if words[i : i + len(phrase)] == phrase:
                    if term is not None and term.applies_to(context) and term not in found:
                        found.append(term)
                    i += len(phrase)
                    break
            else:
                i += 1
        return found


WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> tuple[str, ...]:
    return tuple(WORD.findall(text.casefold()))


def missing_terms(
    english: str, translation: str, terms: list[Term] | TermIndex, context: str | None = None
) -> list[str]:
    """The keys of the terms the English uses that the translation does not render."""
    index = terms if isinstance(terms, TermIndex) else TermIndex(terms)
    return [t.key for t in index.found_in(english, context) if not t.rendered_in(translation)]
