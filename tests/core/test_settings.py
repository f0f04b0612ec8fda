"""Production settings pass Django's deployment checklist; development needs nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    # DJANGO_ALLOW_ASYNC_UNSAFE: the browser tests set it while Chromium runs; a deployed
    # site never has it, and `check --deploy` warns when it is set.
    dropped = ("DEBUG", "SECRET_KEY", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")
    environment = {k: v for k, v in os.environ.items() if k not in dropped}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


def test_check_deploy_passes_with_production_settings() -> None:
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="a-long-random-production-secret-key-with-enough-entropy-0123456789",
        ALLOWED_HOSTS="tutor.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key() -> None:
    result = run_manage("check", DEBUG="0", ALLOWED_HOSTS="tutor.example.org")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_development_needs_no_configuration() -> None:
    result = run_manage("check")
    assert result.returncode == 0, result.stderr
