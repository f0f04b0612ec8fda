"""gunicorn settings for the poker rules tutor (`make serve` passes this file).

Every value can be changed without editing this file: gunicorn reads the environment
variable ``GUNICORN_CMD_ARGS`` (for example ``GUNICORN_CMD_ARGS="--access-logfile -"``), and
command-line flags win over this file. The ones read here:

    WEB_CONCURRENCY   worker processes (default: 2 per core + 1, so 5 on 2 cores)
    GUNICORN_THREADS  threads per worker (default 2)
    GUNICORN_TIMEOUT  seconds before a silent worker is killed and restarted (default 30)

Each worker thread holds one database connection (``CONN_MAX_AGE``), so the default of
5 x 2 = 10 stays far below PostgreSQL's default ``max_connections`` of 100.
"""

from __future__ import annotations

import os

wsgi_app = "tutor.wsgi:application"
bind = [os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")]

# Requests are short and mostly CPU (templates, the engine): one process per core plus
# one more to cover the time a process waits for the database. Threads keep a slow client
# or an fsync from holding a whole process.
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * (os.cpu_count() or 1) + 1)
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS") or 2)
timeout = int(os.environ.get("GUNICORN_TIMEOUT") or 30)
graceful_timeout = 20
keepalive = 5
backlog = 2048

# What gunicorn reads of a request's head: a request line of at most 4 KB (the longest
# address of the site is far shorter), at most 100 header fields of at most 8 KB each
# (gunicorn's defaults, said here so they are seen). Gunicorn has no limit on the body: the
# site refuses a body past MAX_REQUEST_BODY (tutor/core/request_size.py) and the proxy in
# front should refuse it first (docs/deploying.md, client_max_body_size).
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190

# A proxy on this machine may say the request came over HTTPS (see SECURE_PROXY_SSL_HEADER).
forwarded_allow_ips = "127.0.0.1,::1"

# No control socket: its default path (~/.gunicorn/gunicorn.ctl) is one per user, so two
# servers on one machine (a test's and `make serve`) would take it from each other.
# Signals do the same work: HUP reloads the workers, TERM stops gracefully.
control_socket_disable = True

errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")


def post_worker_init(worker) -> None:  # type: ignore[no-untyped-def]
    """Move everything loaded so far (Django, the URLconf, the engine's tables) out of the
    garbage collector's way: collections then scan only what requests allocate."""
    import gc

    gc.collect()
    gc.freeze()
