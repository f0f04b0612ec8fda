"""The production settings plus one bare view, for ``benchmarks/load_quiz/`` only.

Everything comes from ``tutor.settings`` (and so from the environment); only the URLconf
differs, adding ``/bare/`` beside the site's own addresses. Production code never loads
this module.
"""

from tutor.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.bench_urls"
