"""The translators' one check: terminology, placeholder, markup, link and length warnings
in every catalog, and its fuzzy (with a word diff of the English) and untranslated
entries, each as ``file:line``; the last line says how long it took.

python manage.py checktranslations                  # every language, as text
python manage.py checktranslations --language cs    # one language (repeatable)
python manage.py checktranslations --format json    # for tools
python manage.py checktranslations --strict         # exit 1 on what breaks or shows English

A report, not a gate: the exit status is 0 unless ``--strict`` finds a warning that
breaks a page (a placeholder, markup or link mismatch, a python-format error such as a
stray ``%``), leaves English on it (a fuzzy or untranslated entry) or strays from the
agreed terms (a term warning; ``# terms-ok: term`` above an entry allows it). ``make
check-translations`` runs it with ``--strict``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tutor.rules.catalogs import translated_languages
from tutor.translations.checks import (
    ALL_KINDS,
    STRICT,
    CheckWarning,
    check_language,
    count_by_kind,
    language_files,
)


def _line(warning: CheckWarning) -> str:
    context = (
        f" msgctxt {json.dumps(warning.msgctxt, ensure_ascii=False)}" if warning.msgctxt else ""
    )
    msgid = json.dumps(warning.short_msgid, ensure_ascii=False)
    return f"{warning.catalog}:{warning.line}: [{warning.kind}]{context} {msgid}: {warning.detail}"


def _summary(language: str, counts: dict[str, int]) -> str:
    parts = ", ".join(f"{counts[kind]} {kind}" for kind in ALL_KINDS)
    return f"{language}: {sum(counts.values())} warnings ({parts})"


def _timing(files: int, languages: int, seconds: float) -> str:
    catalogs = "catalog" if files == 1 else "catalogs"
    language = "language" if languages == 1 else "languages"
    return f"Checked {files} {catalogs} of {languages} {language} in {seconds:.1f} s."


class Command(BaseCommand):
    help = "Check the translated catalogs against the terminology and the English."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--language", action="append", default=[], help="a language code (default: all)"
        )
        parser.add_argument("--format", choices=["text", "json"], default="text")
        parser.add_argument(
            "--strict",
            action="store_true",
            help="exit 1 on any placeholder, markup, link, term, fuzzy or untranslated warning",
        )
        parser.add_argument(
            "--locale-dir", type=Path, default=None, help="default: the project's locale/"
        )

    def handle(self, *args: object, **options: Any) -> None:
        locale_dir: Path = options["locale_dir"] or Path(settings.LOCALE_PATHS[0])
        languages: list[str] = options["language"] or translated_languages()
        missing = [code for code in languages if not (locale_dir / code / "LC_MESSAGES").is_dir()]
        if missing:
            raise CommandError(f"no catalogs for: {', '.join(missing)} (in {locale_dir})")
        started = time.perf_counter()
        results = {code: check_language(locale_dir, code) for code in languages}
        elapsed = time.perf_counter() - started
        files = sum(len(language_files(locale_dir, code)) for code in languages)
        if options["format"] == "json":
            data = {
                code: {
                    "counts": count_by_kind(warnings, ALL_KINDS),
                    "warnings": [w.as_dict() for w in warnings],
                }
                for code, warnings in results.items()
            }
            self.stdout.write(json.dumps({"languages": data}, ensure_ascii=False, indent=2))
        else:
            for warnings in results.values():
                for warning in warnings:
                    self.stdout.write(_line(warning))
            for code, warnings in results.items():
                self.stdout.write(_summary(code, count_by_kind(warnings, ALL_KINDS)))
            self.stdout.write(_timing(files, len(languages), elapsed))
        strict = sum(1 for ws in results.values() for w in ws if w.kind in STRICT)
        if options["strict"] and strict:
            raise CommandError(
                f"{strict} warning(s) would break pages or show English "
                "or stray from the terms (placeholder, markup, link, fuzzy, untranslated, term)"
            )
