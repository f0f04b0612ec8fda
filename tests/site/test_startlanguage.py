"""``manage.py startlanguage``: a sixth language in one command, in a copy of the project
(issue 26). The copy is served (``check``, then pages through the test client in a
subprocess): the new language answers at its prefix with the beta mark, and the public
switcher of the other languages does not offer it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings

# A minute on a shared 2-core machine: Django starts eight times in the copy.
pytestmark = pytest.mark.slow

ROOT = Path(settings.BASE_DIR)
COPIED = ("tutor", "templates", "locale", "content", "manage.py", "pyproject.toml")

#: Run in the copy by ``manage.py shell``: what the pages show, as JSON.
SERVE = """
import json
from django.test import Client
client = Client()
pages = {path: client.get(path) for path in ("/pl/", "/pl/rules/texas-holdem/", "/en/", "/en/?beta=1")}
print(json.dumps({path: [r.status_code, r.content.decode()] for path, r in pages.items()}))
"""


def manage(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{copy / 'db.sqlite3'}", "PYTHONWARNINGS": ""}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=copy, env=env, capture_output=True, text=True
    )


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project copied, with Polish started in it."""
    copy = tmp_path_factory.mktemp("project")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, copy / name)
    started = manage(copy, "startlanguage", "pl")
    assert started.returncode == 0, started.stderr
    return copy


def test_startlanguage_writes_the_catalogs_and_the_registry(copy: Path) -> None:
    folder = copy / "locale" / "pl"
    names = {p.name for p in (folder / "LC_MESSAGES").iterdir()}
    assert {"django.po", "rules-holdem.po", "rules-teenpatti.po", "glossary.po"} <= names
    with (folder / "LC_MESSAGES" / "django.po").open("rb") as file:
        catalog = read_po(file)
    assert catalog.num_plurals == 4  # Django's own Polish catalog's: one, few, many, other
    forms = [
        f
        for m in catalog
        if m.id
        for f in (m.string if isinstance(m.string, tuple) else [m.string])
    ]
    assert len(catalog) > 1000 and not any(forms)
    assert catalog.get("beta", "language") is not None
    registry = tomllib.loads((copy / "locale" / "languages.toml").read_text(encoding="utf-8"))
    polish = registry["language"][-1]
    assert polish == {
        "code": "pl",
        "name": "Polish",
        "time_zone": "Europe/Warsaw",
        "beta": True,
        "checks": ["english"],
    }
    assert ":lang(pl) {" in (copy / "tutor" / "static" / "tutor" / "languages.css").read_text()
    for stub in ("terminology.toml", "TERMINOLOGY.md", "latin-allowed.toml"):
        assert (folder / stub).exists(), stub


def test_startlanguage_refuses_a_code_it_cannot_add(copy: Path) -> None:
    for code, reason in (("pl", "already"), ("xq", "Babel"), ("Polish", "two or three")):
        refused = manage(copy, "startlanguage", code)
        assert refused.returncode == 1 and reason in refused.stderr, refused.stderr


def test_a_started_language_is_served_in_beta_and_left_out_of_the_switcher(copy: Path) -> None:
    for step in (("compilecatalogs",), ("check",), ("updatecatalogs", "--check"), ("migrate",)):
        done = manage(copy, *step)
        assert done.returncode == 0, f"{step}: {done.stdout}{done.stderr}"
    served = manage(copy, "shell", "--no-imports", "-c", SERVE)
    assert served.returncode == 0, served.stderr
    pages = json.loads(served.stdout.splitlines()[-1])
    for path in ("/pl/", "/pl/rules/texas-holdem/"):
        status, html = pages[path]
        assert status == 200 and 'class="beta-notice"' in html, path
        assert '<html lang="pl"' in html and 'hreflang="pl"' in html  # its own switcher
    status, english = pages["/en/"]
    assert status == 200 and 'hreflang="cs"' in english
    assert 'hreflang="pl"' not in english and "beta-notice" not in english
    assert 'hreflang="pl"' in pages["/en/?beta=1"][1]
