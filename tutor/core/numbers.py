"""Reading whole numbers from forms and links.

``str.isdigit`` accepts superscripts and other digits ``int`` cannot read, and ``int``
refuses strings past 4,300 digits: both were 500s. Everything typed or posted goes
through :func:`whole_number`.

>>> whole_number("42"), whole_number(" 7 "), whole_number("²"), whole_number("9" * 20)
(42, 7, None, None)
"""

from __future__ import annotations


def whole_number(value: object, max_digits: int = 12) -> int | None:
    """The non-negative integer written in ASCII digits, or ``None``."""
    text = str(value if value is not None else "").strip()
    if not text or len(text) > max_digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)
