"""Hand histories written for the tutor, in the documented formats (not copied from
anywhere): a side pot with an odd chip and a short all-in, a muck at the showdown, an
uncalled bet given back, a fixed-limit hand at the raise cap."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent

#: Example name -> file, in the order the page offers them.
EXAMPLES: dict[str, str] = {
    "side_pot": "side_pot.txt",
    "muck": "muck.txt",
    "uncalled": "uncalled.txt",
    "fixed_limit": "fixed_limit.phh",
}


def example_text(name: str) -> str:
    return (HERE / EXAMPLES[name]).read_text(encoding="utf-8")
