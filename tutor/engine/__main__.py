"""``python -m tutor.engine``: see :mod:`tutor.engine.cli`."""

import sys

from .cli import main

sys.exit(main())
