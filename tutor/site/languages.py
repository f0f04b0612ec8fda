"""The languages as every page shows them: which the switcher offers to whom, and each
script's fonts, line heights and line breaking as CSS, all from the registry
(``locale/languages.toml``, read by :mod:`tutor.core.locales`).

A **beta** language (``beta = true``) is served at its prefix with a beta mark, but the
public switcher and the hreflang alternates leave it out: a partly translated language
is not offered to learners. Staff, translators (anyone in translation mode) and a visitor
who adds ``?beta=1`` to an address see it in the switcher, as does anyone already on
one of its pages.

The CSS is written to ``tutor/static/tutor/languages.css`` by ``manage.py
startlanguage`` (and checked against the registry by ``tests/site/test_languages.py``),
so the browser caches it as any static file and the page needs no inline style.
"""

from __future__ import annotations

from pathlib import Path

from django.http import HttpRequest

from tutor.core.locales import Language, is_beta, languages

#: Where :func:`language_css` is written.
CSS_FILE = Path(__file__).resolve().parents[1] / "static" / "tutor" / "languages.css"

CSS_HEADER = """\
/* Each language's fonts, line height and line breaking. Written by
   `python manage.py startlanguage` from locale/languages.toml (tutor/site/languages.py):
   change that file, then run `python manage.py startlanguage --css`; do not edit here.
   A language without fonts of its own takes the Latin stack; "latin_first" puts the
   named Latin fonts first (Latin names in a Japanese page keep their accents in place),
   and no generic family comes before the script's own fonts. */
"""


def shows_beta(request: HttpRequest) -> bool:
    """Whether the switcher offers this visitor the beta languages. The visitor's account
    is read last, and only while there is a beta language: it may cost a query."""
    if all(not entry.beta for entry in languages()):
        return False
    if request.GET.get("beta") == "1" or getattr(request, "translate_mode", False):
        return True
    if is_beta(getattr(request, "LANGUAGE_CODE", "")):
        return True
    return bool(getattr(getattr(request, "user", None), "is_staff", False))


def _font_family(entry: Language) -> str:
    fonts = ", ".join(f'"{font}"' for font in entry.fonts)
    if not fonts:
        return "var(--font-latin)"
    if entry.latin_first:
        return f"var(--font-latin-named), {fonts}, sans-serif"
    return f"{fonts}, var(--font-latin)"


def _rules(entry: Language) -> list[str]:
    selector = f":lang({entry.code})"
    declarations = [f"font-family: {_font_family(entry)};"]
    if entry.phrase_parser:
        # Lines break only where the server put <wbr> (between phrases), never inside one,
        # unless a phrase is longer than the whole line.
        declarations.append("word-break: keep-all; overflow-wrap: break-word;")
    rules = [f"{selector} {{ {' '.join(declarations)} }}"]
    if entry.line_height:
        # Set where the language is declared and inherited from there, so a component's
        # own line height (the table's seats, a chart's badges) holds inside it.
        rules.append(f'[lang|="{entry.code}"] {{ line-height: {entry.line_height}; }}')
    if entry.heading_line_height:
        rules.append(
            f"{selector} h1, {selector} h2 {{ line-height: {entry.heading_line_height}; }}"
        )
    return rules


def language_css() -> str:
    """The stylesheet for every language of the registry."""
    rules = [rule for entry in languages() for rule in _rules(entry)]
    return CSS_HEADER + "\n".join(rules) + "\n"


def write_language_css(path: Path = CSS_FILE) -> Path:
    path.write_text(language_css(), encoding="utf-8")
    return path
