"""Every model change has its migration: ``makemigrations --check`` finds nothing to write
(``make lint`` and the pre-commit hook run the same check)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_no_migration_is_missing() -> None:
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit:  # --check exits 1 when a migration would be written
        pytest.fail(f"a model changed without its migration:\n{out.getvalue()}")
    assert "No changes detected" in out.getvalue()
