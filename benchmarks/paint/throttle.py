"""The slow phone: CPU and network profiles, applied to one page through the Chrome DevTools
Protocol (``Emulation.setCPUThrottlingRate``, ``Network.emulateNetworkConditions``).

Two network profiles, because "slow 4G" means two different things:

- ``lighthouse`` (the default): Lighthouse's mobile slow-4G figures, RTT 150 ms,
  1.6 Mbit/s down (1,638.4 kbit/s), 750 kbit/s up. The DevTools protocol adds the latency
  to each request, not to each network round trip (no TCP or TLS handshakes on loopback),
  so this is the gentler reading.
- ``devtools``: DevTools' own "Slow 4G" preset, which is what Lighthouse applies when it
  throttles through DevTools instead of simulating: 562.5 ms per request (150 ms x 3.75),
  1,474.56 kbit/s down, 675 kbit/s up (x 0.9). An answer's round trip cannot be under
  300 ms there: the latency alone is 562.5 ms.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import CDPSession, Page


@dataclass(frozen=True)
class Network:
    name: str
    latency_ms: float  # added to every request
    down_kbps: float  # kilobits (1,000 bits) per second, as Lighthouse states them
    up_kbps: float

    def describe(self) -> str:
        """The profile in a line, for the report's header.

        >>> NETWORKS["lighthouse"].describe()
        'lighthouse: 150 ms a request, 1638.4 kbit/s down, 750 kbit/s up'
        """
        if not self.down_kbps:
            return f"{self.name}: no throttling"
        return (
            f"{self.name}: {self.latency_ms:g} ms a request, "
            f"{self.down_kbps:g} kbit/s down, {self.up_kbps:g} kbit/s up"
        )

    def conditions(self) -> dict[str, Any]:
        """The arguments of ``Network.emulateNetworkConditions`` (bytes per second).

        >>> NETWORKS["lighthouse"].conditions()["downloadThroughput"]
        204800.0
        """
        return {
            "offline": False,
            "latency": self.latency_ms,
            "downloadThroughput": self.down_kbps * 1000 / 8 or -1,  # -1: no limit
            "uploadThroughput": self.up_kbps * 1000 / 8 or -1,
        }


NETWORKS = {
    "lighthouse": Network("lighthouse", 150, 1.6 * 1024, 750),
    "devtools": Network("devtools", 150 * 3.75, 1.6 * 1024 * 0.9, 750 * 0.9),
    "none": Network("none", 0, 0, 0),
}


@dataclass(frozen=True)
class Profile:
    """The CPU slowdown (1 = none) and the network of one measured page."""

    cpu_rate: float
    network: Network

    def describe(self) -> str:
        return f"CPU slowed {self.cpu_rate:g}x; network {self.network.describe()}"


def slow_down(page: Page, profile: Profile) -> CDPSession:
    """Apply ``profile`` to ``page`` (its own target) and keep the HTTP cache on; the
    session stays open as long as the page, and so does the throttling."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.setCacheDisabled", {"cacheDisabled": False})
    session.send("Network.emulateNetworkConditions", profile.network.conditions())
    session.send("Emulation.setCPUThrottlingRate", {"rate": profile.cpu_rate})
    return session


def forget_cache(session: CDPSession) -> None:
    """An empty HTTP cache: the next navigation is a first visit (whatever steps led to
    the page, e.g. joining a quiz, filled the cache)."""
    session.send("Network.clearBrowserCache")
