"""The tool's access tokens for a platform's services (AGS), kept until they expire.

pylti1p3's ``ServiceConnector`` keeps a token only as long as the connector lives: one
request. :class:`ToolConnector` keeps it for the whole process, until :data:`MARGIN`
seconds before the ``expires_in`` the platform gave (else :data:`DEFAULT_LIFETIME`), so
each student who finishes does not cost the platform a token request.

Kept per server process, in memory, by (token URL, client id, scopes): a registration's
credential, nothing of any person; bounded to :data:`MAX_TOKENS`.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Sequence

from pylti1p3.exception import LtiServiceException
from pylti1p3.service_connector import ServiceConnector

#: Seconds a token is kept when the platform gives no ``expires_in``.
DEFAULT_LIFETIME = 300
#: A token is given up this many seconds before it expires (a post under way may take that).
MARGIN = 60
#: How many tokens a process keeps (the least recently used go first).
MAX_TOKENS = 256

clock = time.monotonic
_kept: OrderedDict[tuple[str, str, str], tuple[str, float]] = OrderedDict()
_lock = threading.Lock()


class ToolConnector(ServiceConnector):
    """A ``ServiceConnector`` whose access tokens outlive it, until they expire."""

    def get_access_token(self, scopes: Sequence[str]) -> str:
        registration = self._registration
        url, client_id = registration.get_auth_token_url(), registration.get_client_id()
        assert url is not None and client_id is not None
        name = (url, client_id, " ".join(sorted(scopes)))
        with _lock:
            token, expires = _kept.get(name, ("", 0.0))
            if token and clock() < expires:
                _kept.move_to_end(name)
                return token
        token, lifetime = self._request_token(url, client_id, sorted(scopes))
        with _lock:
            _kept[name] = (token, clock() + max(0, lifetime - MARGIN))
            _kept.move_to_end(name)
            while len(_kept) > MAX_TOKENS:
                _kept.popitem(last=False)
        return token

    def _request_token(self, url: str, client_id: str, scopes: list[str]) -> tuple[str, int]:
        """OAuth 2 client credentials with a signed assertion (LTI Security Framework 4.1)."""
        registration = self._registration
        now = int(time.time())
        claims: dict[str, str | int] = {
            "iss": client_id,
            "sub": client_id,
            "aud": registration.get_auth_audience() or url,
            "iat": now - 5,
            "exp": now + 60,
            "jti": f"lti-service-token-{uuid.uuid4()}",
        }
        kid = registration.get_kid()
        private_key = registration.get_tool_private_key()
        assert private_key is not None
        assertion = self.encode_jwt(claims, private_key, {"kid": kid} if kid else {})
        response = self._requests_session.post(
            url,
            data={
                "grant_type": "client_credentials",
                "client_assertion_type": "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
                "client_assertion": assertion,
                "scope": " ".join(scopes),
            },
        )
        if not response.ok:
            raise LtiServiceException(response)
        data = response.json()
        lifetime = data.get("expires_in")
        return str(data["access_token"]), lifetime if type(lifetime) is int else DEFAULT_LIFETIME


def drop(url: str, client_id: str) -> None:
    """Forget the registration's tokens: the platform refused one (revoked, or forgotten
    by a platform that restarted), so the next post asks for a new one."""
    with _lock:
        for name in [name for name in _kept if name[:2] == (url, client_id)]:
            del _kept[name]


def forget() -> None:
    """Drop every kept token (the tests start each from none)."""
    with _lock:
        _kept.clear()
