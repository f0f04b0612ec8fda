"""``python -m tutor.engine``: see :mod:`tutor.engine.cli`."""

import sys

from .cli import main

if __name__ == "__main__":  # importing this module (doctest discovery) runs nothing
    sys.exit(main())
