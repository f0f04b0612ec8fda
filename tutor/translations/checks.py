"""Quality checks over the translated catalogs, the ones Weblate and Pontoon users expect.

Five kinds of warning about a translation, each a problem a translator can fix in one
entry, and two about its absence (``fuzzy``, with a word diff of how the English changed;
``untranslated``: the English shows):

- ``term``: the English uses a term of ``locale/<ll>/terminology.toml`` and the
  translation has none of its agreed renderings (a translator comment
  ``# terms-ok: seat`` above an entry says the term is left out on purpose);
- ``placeholder``: ``%(name)s``, ``%s`` or ``{name}`` differ between English and
  translation, or a python-format entry of the interface does not %-format as its
  English does (a stray ``%``, ``%(amount)s`` made ``%(amount)d``): what
  ``compilecatalogs`` refuses (``tutor.core.message_format``);
- ``markup``: HTML tags (or their nesting: ``<b>…</strong>``), or in the rule-page
  catalogs the Markdown marks ``**``, backticks and ``{#anchor}``, differ (a broken page);
- ``link``: a link (``href``, or ``[..](address)`` in the rule-page catalogs) is removed,
  added or goes elsewhere; ``compilecatalogs`` refuses these and the markup ones
  (``tutor.core.markup``);
- ``length``: the translation is far longer or shorter than the language usually is,
  which is how a dropped sentence or a pasted paragraph shows.

Only translated, non-fuzzy entries are checked; the status page lists the fuzzy and
untranslated ones apart. Each catalog is parsed once per call with Babel; nothing is cached here.
"""

from __future__ import annotations

import io
import re
import statistics
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from tutor.core.markup import entry_markup_problems
from tutor.core.message_format import entry_problems
from tutor.rules.catalogs import previous_ids

from .terminology import TermIndex, load_terms
from .word_diff import Diff, as_text, word_diff

KINDS = ("term", "placeholder", "markup", "link", "length")  # the status page's columns
INCOMPLETE = ("fuzzy", "untranslated")
ALL_KINDS = KINDS + INCOMPLETE
BREAKING = frozenset({"placeholder", "markup", "link"})  # what breaks a page
# What `--strict` fails on: what breaks a page, shows English, or strays from the agreed
# terms (a translator comment `# terms-ok: seat` lets an entry leave a term out).
STRICT = BREAKING | frozenset(INCOMPLETE) | frozenset({"term"})
SEGMENT_DOMAINS = frozenset({"rules-holdem", "rules-teenpatti", "glossary"})

# Length outliers: entries whose English has at least MIN_LENGTH characters, and whose
# ratio translation/English is beyond these multiples of the language's median ratio.
MIN_LENGTH = 20
HIGH, LOW = 3.0, 0.2

NAMED = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGc]")
POSITIONAL = re.compile(r"%(?!\()[-#0+]*\d*(?:\.\d+)?[sdifrxXeEgGc]")
BRACES = re.compile(r"(?<!\{)\{(\w*)\}(?!\})")


@dataclass(frozen=True)
class CheckWarning:
    catalog: str  # locale/<ll>/LC_MESSAGES/<domain>.po
    line: int
    msgctxt: str | None
    msgid: str
    kind: str
    detail: str
    diff: Diff = ()  # a fuzzy entry's English, then and now (tutor.translations.word_diff)
    locations: tuple[str, ...] = ()  # the files of its "#:" comments, where it is used

    @property
    def short_msgid(self) -> str:
        text = " ".join(self.msgid.split())
        return text if len(text) <= 60 else text[:57] + "..."

    def as_dict(self) -> dict[str, object]:
        return {
            "catalog": self.catalog,
            "line": self.line,
            "msgctxt": self.msgctxt,
            "msgid": self.short_msgid,
            "kind": self.kind,
            "detail": self.detail,
        }


@dataclass(frozen=True)
class Entry:
    """One translated message: English forms and translated forms, as plain tuples."""

    catalog: str
    domain: str
    line: int
    context: str | None
    english: tuple[str, ...]
    translations: tuple[str, ...]
    python_format: bool
    terms_ok: frozenset[str] = frozenset()  # terms a translator comment says are left out
    locations: tuple[str, ...] = ()

    def warn(self, kind: str, detail: str) -> CheckWarning:
        return CheckWarning(
            self.catalog,
            self.line,
            self.context,
            self.english[0],
            kind,
            detail,
            locations=self.locations,
        )


def _entry(message: Message, catalog: str, domain: str) -> Entry | None:
    if not message.id or message.fuzzy:
        return None
    ids = tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)
    strs = message.string if isinstance(message.string, tuple | list) else (message.string,)
    translations = tuple(s for s in strs if s)
    if len(translations) != len(strs):
        return None
    return Entry(
        catalog,
        domain,
        message.lineno or 0,
        message.context,
        ids,
        translations,
        # Babel flags any msgid with a %-conversion itself; the segments are never
        # %-formatted, so there only named placeholders count.
        "python-format" in message.flags and domain not in SEGMENT_DOMAINS,
        terms_ok(message.user_comments),
        locations(message),
    )


def locations(message: Message) -> tuple[str, ...]:
    """The files an entry's ``#:`` comments name, in order, each once."""
    return tuple(dict.fromkeys(str(path) for path, _line in message.locations))


def terms_ok(comments: Iterable[str]) -> frozenset[str]:
    """The terms a translator left out on purpose, from a translator comment
    ``# terms-ok: seat, bet`` above the entry (English term names, as in
    ``terminology.toml``; msgmerge keeps such comments)."""
    named: set[str] = set()
    for comment in comments:
        label, colon, rest = comment.partition(":")
        if colon and label.strip().casefold() == "terms-ok":
            named.update(name.strip().casefold() for name in rest.split(",") if name.strip())
    return frozenset(named)


def _incomplete(message: Message, label: str, previous: dict[str, str]) -> CheckWarning | None:
    strs = message.string if isinstance(message.string, tuple | list) else (message.string,)
    if not message.id or (all(strs) and not message.fuzzy):
        return None
    ids = tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)
    if not message.fuzzy:
        detail = "no translation: the English shows"
        return CheckWarning(
            label,
            message.lineno or 0,
            message.context,
            ids[0],
            "untranslated",
            detail,
            locations=locations(message),
        )
    detail = "marked fuzzy: the English shows until it is checked and unmarked"
    old = previous.get(ids[0])
    diff = word_diff(old, ids[0]) if old else ()
    if diff:
        detail += f"; the English changed: {as_text(diff)}"
    return CheckWarning(
        label,
        message.lineno or 0,
        message.context,
        ids[0],
        "fuzzy",
        detail,
        diff,
        locations(message),
    )


def read_entries(path: Path, language: str, label: str) -> tuple[list[Entry], list[CheckWarning]]:
    """The translated entries of one catalog file, and a warning for each fuzzy or
    untranslated one; ``label`` names the file in warnings."""
    domain = path.stem
    data = path.read_bytes()
    # No locale: Babel then skips per-message plural work.
    catalog = read_po(io.BytesIO(data), domain=domain)
    previous = previous_ids(data.decode("utf-8")) if b"\n#| msgid" in data else {}
    entries = (_entry(message, label, domain) for message in catalog)
    incomplete = (_incomplete(message, label, previous) for message in catalog)
    return (
        [entry for entry in entries if entry is not None],
        [warning for warning in incomplete if warning is not None],
    )


def placeholders(text: str, python_format: bool) -> Counter[str]:
    """Named and brace placeholders, plus positional ones where %-formatting applies.

    Without the ``python-format`` flag (the rule-page segments are never %-formatted)
    a "100 % is" is prose, so only ``%(name)s`` and ``{name}`` count there.
    """
    found: Counter[str] = Counter()
    found.update(f"%({m.group(1)})" for m in NAMED.finditer(text))
    found.update("{" + m.group(1) + "}" for m in BRACES.finditer(text))
    if python_format:
        found.update(m.group(0) for m in POSITIONAL.finditer(text.replace("%%", "")))
    return found


def _placeholder_text(found: Counter[str]) -> str:
    return ", ".join(sorted(found.elements())) or "none"


def check_placeholders(entry: Entry) -> Iterator[CheckWarning]:
    """Sets of named placeholders, counts of positional ones; each plural form in turn.

    A plural form may follow either English form ("one point" has no ``%(count)s``).
    A python-format entry of the interface must also %-format as its English does.
    """
    if entry.python_format:
        problems = entry_problems(entry.english, entry.translations)
        for problem in problems:
            yield entry.warn("placeholder", problem)
        if problems:
            return
    python_format = entry.python_format or any("%(" in e for e in entry.english)
    expected = [placeholders(e, python_format) for e in entry.english]
    for index, translation in enumerate(entry.translations):
        found = placeholders(translation, python_format)
        if any(_same_placeholders(found, e) for e in expected):
            continue
        form = f" (plural form {index})" if len(entry.english) > 1 else ""
        yield entry.warn(
            "placeholder",
            f"English has {_placeholder_text(expected[-1])}, "
            f"translation{form} has {_placeholder_text(found)}",
        )


def _same_placeholders(found: Counter[str], expected: Counter[str]) -> bool:
    if set(found) != set(expected):
        return False
    # Named ones may repeat in a translation; positional ones are consumed in order.
    return all(found[k] == expected[k] for k in expected if not k.startswith(("%(", "{")))


def check_markup(entry: Entry) -> Iterator[CheckWarning]:
    segment = entry.domain in SEGMENT_DOMAINS
    problems = entry_markup_problems(entry.english, entry.translations, segment=segment)
    for kind in ("markup", "link"):  # one warning of each kind at most
        detail = next((detail for found, detail in problems if found == kind), None)
        if detail:
            yield entry.warn(kind, detail)


def _ratio(entry: Entry) -> float | None:
    english = entry.english[0]
    if len(english) < MIN_LENGTH:
        return None
    return len(entry.translations[0]) / len(english)


def median_ratio(entries: Iterable[Entry]) -> float:
    ratios = [r for r in map(_ratio, entries) if r is not None]
    return statistics.median(ratios) if ratios else 1.0


def check_length(entry: Entry, median: float) -> Iterator[CheckWarning]:
    ratio = _ratio(entry)
    if ratio is None or LOW * median <= ratio <= HIGH * median:
        return
    yield entry.warn(
        "length",
        f"translation is {ratio:.2f}× the English; this language's median is {median:.2f}×",
    )


def check_terms(entry: Entry, index: TermIndex) -> Iterator[CheckWarning]:
    # A plural entry's forms each follow one English form, so only a term that both
    # English forms use is required in every form ("that seat" only in the plural).
    found = [index.found_in(english, entry.context) for english in entry.english]
    terms = [
        term
        for term in found[0]
        if all(term in other for other in found[1:]) and term.key.casefold() not in entry.terms_ok
    ]
    if not terms:
        return
    for translation in dict.fromkeys(entry.translations):
        missing = [t for t in terms if not t.rendered_in(translation)]
        for term in missing:
            wanted = " / ".join(term.forms + tuple(p.pattern for p in term.patterns))
            yield entry.warn("term", f"“{term.key}” should be rendered as {wanted}")
        if missing:
            return


def check_entries(entries: list[Entry], index: TermIndex) -> list[CheckWarning]:
    """Every warning for one language's entries, in catalog order."""
    median = median_ratio(entries)
    warnings: list[CheckWarning] = []
    for entry in entries:
        warnings.extend(check_terms(entry, index))
        warnings.extend(check_placeholders(entry))
        warnings.extend(check_markup(entry))
        warnings.extend(check_length(entry, median))
    return warnings


def language_files(locale_dir: Path, language: str) -> list[Path]:
    """The catalogs of a language, interface first, then the segment catalogs by name."""
    folder = locale_dir / language / "LC_MESSAGES"
    return sorted(folder.glob("*.po"), key=lambda p: (p.stem != "django", p.stem))


def terminology_path(locale_dir: Path, language: str) -> Path:
    return locale_dir / language / "terminology.toml"


def check_language(locale_dir: Path, language: str) -> list[CheckWarning]:
    """Every warning of every catalog of one language under ``locale_dir``."""
    index = TermIndex(load_terms(terminology_path(locale_dir, language)))
    entries: list[Entry] = []
    incomplete: list[CheckWarning] = []
    for path in language_files(locale_dir, language):
        label = f"locale/{language}/LC_MESSAGES/{path.name}"
        translated, missing = read_entries(path, language, label)
        entries.extend(translated)
        incomplete.extend(missing)
    return incomplete + check_entries(entries, index)


def count_by_kind(
    warnings: Iterable[CheckWarning], kinds: tuple[str, ...] = KINDS
) -> dict[str, int]:
    counts = Counter(w.kind for w in warnings)
    return {kind: counts[kind] for kind in kinds}
