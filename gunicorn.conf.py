"""gunicorn settings for the poker rules tutor (`make serve` passes this file).

Every value can be changed without editing this file: gunicorn reads the environment
variable ``GUNICORN_CMD_ARGS`` (for example ``GUNICORN_CMD_ARGS="--access-logfile -"``), and
command-line flags win over this file. The ones read here:

    WEB_CONCURRENCY   worker processes (default: 1 per core + 1, so 3 on 2 cores)
    GUNICORN_THREADS  threads per worker (default 2)
    GUNICORN_TIMEOUT  seconds before a silent worker is killed and restarted (default 30)

Each worker thread holds one database connection (``CONN_MAX_AGE``), so the default of
3 x 2 = 6 stays far below PostgreSQL's default ``max_connections`` of 100.

One worker per core and one more, not gunicorn's usual starting point of two per core and
one: the app spends its requests on the CPU, not waiting, and two processes more on the
same two cores only took turns. Measured on 2 cores (benchmarks/README.md, "Fewer
workers"): each request cost about a tenth less CPU with 3 workers than with 5, and the
students' p99 fell in the live, homework and school runs (the school run on two servers:
229 and 259 ms against 785 and 3,524 ms).

Workers die with their master (issue 25, item 5): a master killed with SIGKILL (an
out-of-memory kill, a crash) sends no signal to its workers, which used to keep serving
and holding the port for up to ``graceful_timeout``, so a new server could not bind. Now
the kernel sends each worker SIGTERM when its master dies (``post_fork``); a stopping
worker takes what is queued on its listening socket and closes it at once, finishing the
requests it has, and an orphan then exits even if a thread still waits on a client
(``worker_exit``); and with ``reuse_port`` each worker listens on a socket of its own, so a
new master binds even while old workers finish. docs/deploying.md has the systemd unit
that restarts the server.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys

wsgi_app = "tutor.wsgi:application"
bind = [os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")]

# Requests are short and mostly CPU (templates, the engine): one process per core plus
# one more to cover the time a process waits for the database. Threads keep a slow client
# or an fsync from holding a whole process.
workers = int(os.environ.get("WEB_CONCURRENCY") or (os.cpu_count() or 1) + 1)
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS") or 2)
timeout = int(os.environ.get("GUNICORN_TIMEOUT") or 30)
graceful_timeout = 20
keepalive = 5
backlog = 2048
# Each worker binds a socket of its own (SO_REUSEPORT): a new master's workers listen while
# an old master's finish. Another server of the same user on the same port would share it
# too, and get part of its connections: give each server a port of its own.
reuse_port = True

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


#: prctl(2)'s option: the signal a process gets when its parent dies.
PR_SET_PDEATHSIG = 1


def post_fork(server, worker) -> None:  # type: ignore[no-untyped-def]
    """In the new worker: die with the master, and close the listening socket on stopping."""
    die_with_master(worker)
    close_listener_on_stop(worker)


def die_with_master(worker) -> None:  # type: ignore[no-untyped-def]
    """Ask the kernel for SIGTERM (a graceful stop) when the master dies; a master already
    gone before that (its pid is no longer the parent) is answered the same way."""
    if sys.platform == "linux":
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) != 0:
            worker.log.warning("prctl(PR_SET_PDEATHSIG) failed: %s", ctypes.get_errno())
    if os.getppid() != worker.ppid:
        os.kill(os.getpid(), signal.SIGTERM)


def worker_exit(server, worker) -> None:  # type: ignore[no-untyped-def]
    """An orphaned worker, its requests answered or its ``graceful_timeout`` spent, exits at
    once: no master is left to kill it for a thread still waiting on a silent client."""
    if os.getppid() != worker.ppid:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


def close_listener_on_stop(worker) -> None:  # type: ignore[no-untyped-def]
    """When a stopping gthread worker stops accepting, it also accepts what the kernel has
    already queued on its listening sockets and closes them, instead of holding them open
    (unaccepted connections, and the port) until its last request is answered."""
    stop_accepting = getattr(worker, "set_accept_enabled", None)
    if stop_accepting is None:  # not the gthread worker
        return

    def set_accept_enabled(enabled: bool) -> None:
        stop_accepting(enabled)
        if enabled or worker.alive:
            return  # a busy worker pausing, not stopping
        for listener in worker.sockets:
            for _ in range(backlog):
                taken = worker.nr_conns
                worker.accept(listener)
                if worker.nr_conns == taken:
                    break
            listener.close()

    worker.set_accept_enabled = set_accept_enabled
