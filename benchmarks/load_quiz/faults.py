"""The faults of ``--fault``: a graceful reload (SIGHUP to the gunicorn master) while one
question is open, and a hard kill of the whole server plus a fresh start while another is.
The teacher fires each once its share of the class has answered that question."""

from __future__ import annotations

import time
from dataclasses import dataclass

from benchmarks.gunicorn_server import Server


@dataclass
class Fault:
    what: str  # "reload" (SIGHUP) or "restart" (SIGKILL, then a new server)
    question: int
    share: float  # fire once this share of the class has answered the question
    done: bool = False
    answered: int = 0
    joined: int = 0
    seconds: float = 0.0  # from the signal until the server answers again
    started: float = 0.0  # time.monotonic()
    no_reply: int = 0  # requests without a reply from the signal to 5 s after

    def fire(self, server: Server, answered: int, joined: int) -> None:
        """Reload or kill and restart ``server`` now, when ``answered`` of ``joined`` have
        answered; waits until it serves again."""
        self.answered, self.joined = answered, joined
        self.started = time.monotonic()
        if self.what == "reload":
            self.seconds = server.reload()
        else:
            self.seconds = server.kill_and_restart()
        self.done = True


def plan_faults(questions: int) -> list[Fault]:
    """A reload during the middle question, then a restart during the next one.

    >>> [(f.what, f.question, round(f.share, 2)) for f in plan_faults(5)]
    [('reload', 1, 0.33), ('restart', 2, 0.67)]
    >>> [(f.what, f.question, f.share) for f in plan_faults(1)]
    [('reload', 0, 0.25), ('restart', 0, 0.5)]
    """
    reload_at = max(0, questions // 2 - 1)
    restart_at = min(questions - 1, reload_at + 1)
    share = 1 / 3 if reload_at != restart_at else 1 / 4
    return [Fault("reload", reload_at, share), Fault("restart", restart_at, 2 * share)]
