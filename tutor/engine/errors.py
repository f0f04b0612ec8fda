"""The engine's exceptions. They carry codes and numbers, never English sentences.

The site maps ``code`` (and the extra fields) to a translated message.
"""

from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """Base class: ``code`` is a stable identifier, ``details`` the numbers behind it."""

    default_code = "engine_error"

    def __init__(self, code: str | None = None, **details: Any) -> None:
        self.code = code or self.default_code
        self.details = details
        super().__init__(self.code, details)

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, **self.details}


class InvalidCards(EngineError):
    """A card token that cannot be parsed, a duplicate, or the wrong number of cards.

    >>> InvalidCards("Xz").token
    'Xz'
    """

    default_code = "invalid_card"

    def __init__(self, token: str = "", code: str | None = None, **details: Any) -> None:
        self.token = token
        super().__init__(code, token=token, **details)


class InvalidInput(EngineError):
    """Amounts, seats, bet names and other non-card input the engine refuses."""

    default_code = "invalid_input"


class IllegalAction(EngineError):
    """An action that is well formed but not allowed in the current state."""

    default_code = "illegal_action"
