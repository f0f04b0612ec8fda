"""Which language an imported question is written in, and why: its ``[lang:xx]`` marker,
else the language the teacher chose, else (when they let the site find out) the language
its letters are in, else those of the whole text, else the page's.

Letters tell four of the five languages apart: Bengali and Devanagari (Hindi) by their
scripts, Japanese by kana or kanji, Czech by its letters with marks (á č ď é ě ...: of the
site's languages, only Czech writes them). English has no letters of its own, so it is
never found, only chosen (or the page's).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from .gift_reader import Found

#: The form's choice "find out from the text".
AUTO = "auto"
#: The teacher's last import language, kept in their session.
SESSION_KEY = "import_language"
#: Czech's letters with marks: of the site's two languages written in Latin letters, only
#: Czech has them.
CZECH_LETTERS = frozenset("áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ")

#: Why a question is in its language, as the preview says it beside the language's name.
WHY: dict[str, Promise] = {
    # Translators: in an import's preview, beside "Czech": why the question is in Czech.
    "marker": gettext_lazy("its own [lang:…] marker"),
    "chosen": gettext_lazy("the language chosen for the import"),
    "letters": gettext_lazy("found from its letters"),
    "text": gettext_lazy("found from the letters of the whole text"),
    "page": gettext_lazy("this page's language: nothing else told"),
}


@dataclass(frozen=True)
class Given:
    """A question's language and why it has it (a code of :data:`WHY`)."""

    language: str
    why: str


def script_language(text: str) -> str:
    """The language ``text``'s letters are in, if they tell one; else ``""``.

    >>> [script_language(t) for t in ("কোনটি?", "क्या फ्लश?", "ペアはどれ?", "Která ruka?", "Which?")]
    ['bn', 'hi', 'ja', 'cs', '']
    """
    scripts: Counter[str] = Counter()
    for ch in text:
        if not ch.isalpha():
            continue
        name = unicodedata.name(ch, "")
        if name.startswith("BENGALI"):
            scripts["bn"] += 1
        elif name.startswith("DEVANAGARI"):
            scripts["hi"] += 1
        elif name.startswith(("HIRAGANA", "KATAKANA", "CJK")):
            scripts["ja"] += 1
        elif name.startswith("LATIN"):
            scripts["latin"] += 1
            scripts["cs"] += ch in CZECH_LETTERS
    if not scripts:
        return ""
    script, _count = max(((s, n) for s, n in scripts.items() if s != "cs"), key=lambda p: p[1])
    if script == "latin":
        return "cs" if scripts["cs"] else ""
    return script


def letters_of(found: Found) -> str:
    """Everything a student reads of the question."""
    return "\n".join((found.prompt, *found.choices, found.explanation, *found.feedback))


def given(found: Found, chosen: str, whole: str, page: str) -> Given:
    """``found``'s language: its marker's, else ``chosen`` (unless :data:`AUTO`), else its
    letters', else ``whole`` (the whole text's), else ``page``."""
    if found.language:
        return Given(found.language, "marker")
    if chosen != AUTO:
        return Given(chosen, "chosen")
    if own := script_language(letters_of(found)):
        return Given(own, "letters")
    return Given(whole, "text") if whole else Given(page, "page")
