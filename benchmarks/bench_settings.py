"""The production settings plus one bare view, for ``benchmarks/load_quiz/`` only.

Everything comes from ``tutor.settings`` (and so from the environment); only the URLconf
differs, adding ``/bare/`` beside the site's own addresses. Production code never loads
this module.
"""

from tutor.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.bench_urls"

# Every simulated student comes from the same loopback address, a new device each.
JOIN_NEW_DEVICES_PER_ADDRESS = 1_000_000

# The workers' CPU time per kind of request, noted when the load test names a file in
# BENCH_CPU_LOG (benchmarks/load_quiz/cpu.py); outermost, so that it sees every reply.
MIDDLEWARE = ["benchmarks.load_quiz.cpu.CpuAccountMiddleware", *MIDDLEWARE]  # noqa: F405
