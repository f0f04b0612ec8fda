"""What ``manage.py startlanguage xx`` writes: every file a new language needs, so that no
other place names the languages (TRANSLATING.md, "Adding a language").

* its table in ``locale/languages.toml``, as a **beta** language: its English name, the
  time zone of its main country, its rendered-text checks and, for a script other than
  Latin, a font stack, all from Babel's locale data (CLDR);
* ``locale/xx/LC_MESSAGES/django.po``: every interface message of the templates and the
  code (``makemessages``, which needs GNU gettext), with its plural forms;
* ``rules-*.po`` and ``glossary.po``: every segment of the English masters;
* ``terminology.toml``, ``TERMINOLOGY.md`` and ``latin-allowed.toml`` to fill in;
* ``tutor/static/tutor/languages.css``, written again from the registry.

Every ``msgstr`` is empty: the site shows the English until a message is translated.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.messages.plurals import get_plural
from django.conf import settings
from django.core.management import call_command

from tutor.core.locales import LANGUAGES_FILE, languages
from tutor.rules.catalogs import render_po, updated_catalog
from tutor.rules.documents import DOCUMENTS, catalog_path

from .languages import write_language_css

#: A language code as the site's addresses and folders take it: two or three letters.
CODE = re.compile(r"[a-z]{2,3}")


class LanguageError(ValueError):
    """A code the site cannot add: its message says why, for the command line."""


@dataclass(frozen=True)
class NewLanguage:
    code: str
    name: str
    time_zone: str
    script: str  # ISO 15924, e.g. "Latn", "Thai"

    def registry_table(self) -> str:
        """The ``[[language]]`` table of ``locale/languages.toml``."""
        lines = [
            "",
            "[[language]]",
            f'code = "{self.code}"',
            f'name = "{self.name}"',
            f'time_zone = "{self.time_zone}"',
            "beta = true",
            f'checks = ["{"english" if self.script == "Latn" else "latin"}"]',
        ]
        if self.script != "Latn":
            script_name = Locale("en").scripts.get(self.script, self.script)
            lines.append(f'fonts = ["Noto Sans {script_name}"]')
        return "\n".join(lines) + "\n"


def describe(code: str, *, name: str = "", time_zone: str = "") -> NewLanguage:
    """The new language ``code`` from Babel's data; ``LanguageError`` for a code that is
    malformed, unknown to Babel or already one of the site's."""
    if not CODE.fullmatch(code):
        raise LanguageError(f"{code!r} is not a language code: two or three small letters")
    if code in {entry.code for entry in languages()}:
        raise LanguageError(f"{code!r} is already a language of the site")
    try:
        locale = Locale.parse(code)
    except (UnknownLocaleError, ValueError) as error:
        raise LanguageError(f"{code!r} is not a language Babel knows: {error}") from error
    likely = Locale.parse(get_global("likely_subtags").get(code, code))
    zones = get_global("territory_zones").get(likely.territory or "", ["UTC"])
    return NewLanguage(
        code=code,
        name=name or locale.get_display_name("en") or code,
        time_zone=time_zone or zones[0],
        script=likely.script or "Latn",
    )


def interface_catalog(language: NewLanguage) -> Path:
    """``django.po`` from the sources (as ``make messages`` makes it), every entry empty,
    its header naming the language and its plural forms (Django's own catalog's when
    Django has one, else CLDR's)."""
    with contextlib.chdir(settings.BASE_DIR):
        call_command(
            "makemessages",
            locale=[language.code],
            no_obsolete=True,
            add_location="file",
            ignore_patterns=[".venv/*", "content/*"],
            verbosity=0,
        )
    path = catalog_path(language.code, "django")
    text = path.read_text(encoding="utf-8")
    text = text.replace('#, fuzzy\nmsgid ""', 'msgid ""', 1)  # a header to use, not review
    text = text.replace('"Language: \\n"', f'"Language: {language.code}\\n"', 1)
    if "nplurals=INTEGER" in text:
        forms = get_plural(language.code).plural_forms
        header = f'"Plural-Forms: {forms}\\n"'
        text = re.sub(r'"Plural-Forms: [^"]*\\n"', lambda _match: header, text, count=1)
    path.write_text(text, encoding="utf-8")
    return path


def rule_catalogs(language: NewLanguage) -> list[Path]:
    """The rule pages' and the glossary's catalogs, a segment an entry, all empty."""
    paths = []
    for document in DOCUMENTS.values():
        path = catalog_path(language.code, document.domain)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(render_po(updated_catalog(document, language.code)))
        paths.append(path)
    return paths


def stubs(language: NewLanguage) -> list[Path]:
    """The terminology (data and prose) and the Latin allow-list, to fill in."""
    folder = Path(settings.LOCALE_PATHS[0]) / language.code
    files = {
        "terminology.toml": TERMINOLOGY_TOML,
        "TERMINOLOGY.md": TERMINOLOGY_MD,
        "latin-allowed.toml": LATIN_ALLOWED_TOML,
    }
    written = []
    for name, text in files.items():
        path = folder / name
        path.write_text(text.format(code=language.code, name=language.name), encoding="utf-8")
        written.append(path)
    return written


def start(language: NewLanguage) -> list[Path]:
    """Write everything ``language`` needs; the paths written, in order."""
    folder = Path(settings.LOCALE_PATHS[0]) / language.code
    if folder.exists():
        raise LanguageError(f"{folder} exists already: remove it or pick another code")
    written = [interface_catalog(language), *rule_catalogs(language), *stubs(language)]
    with LANGUAGES_FILE.open("a", encoding="utf-8") as registry:
        registry.write(language.registry_table())
    languages.cache_clear()
    return [*written, LANGUAGES_FILE, write_language_css()]


TERMINOLOGY_TOML = """\
# {name} poker and site terms as data: binding for `manage.py checktranslations`
# (`make check-translations`). TERMINOLOGY.md beside this file explains the choices.
# Written by `manage.py startlanguage {code}`; the other languages' files show the shape.
#
# One [[term]] table per English term:
#   en     English forms to look for, the first one names the term
#   forms  the renderings a translation may use (a stem covers every ending)
#
# [[term]]
# en = ["fold", "folds", "folded", "folding"]
# forms = ["..."]

language = "{code}"
"""

TERMINOLOGY_MD = """\
# {name} terminology (`{code}`)
The terms as data, binding for the checker (`make check-translations`), are in
`terminology.toml` beside this file; keep the two in step.

Choose one rendering for each poker term before translating, write it here with the
reason, and use it everywhere: the interface, the rule pages and the glossary.

| English | {name} | note |
| --- | --- | --- |
| call | | |
| fold | | |
| raise | | |
| check | | |
| bet | | |
| all-in | | |
| pot / side pot | | |
| trail / pure sequence / sequence / color | | |
"""

LATIN_ALLOWED_TOML = """\
# Latin-script words a {code} page may show, for the rendered-text guard
# (tutor/translations/rendered.py, run by tests/browser/test_layout_shots.py).
# Keep it short; each entry says why (TERMINOLOGY.md beside this file is the authority).
#
#   latin  words or phrases, matched as whole words, case-sensitive
#   known  exact passages in which findings wait on a catalog fix

language = "{code}"

latin = [
  # Proper names kept in Latin by TERMINOLOGY.md.
  "Texas Hold'em",
  "Teen Patti",
]

known = []
"""
