from __future__ import annotations

import pytest
from django.conf import settings

LANGUAGES = [code for code, _ in settings.LANGUAGES]
TRANSLATED = [code for code in LANGUAGES if code != "en"]


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    return request.param
