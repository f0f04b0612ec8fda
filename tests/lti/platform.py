"""A learning platform simulated on loopback, as the tests of LTI launches need one: its
own RSA key and JWKS, an OAuth2 token endpoint that checks the tool's signed client
assertion, and an AGS line item whose scores endpoint records what the tool posts.

The platform runs in a thread (``http.server``); it reads nothing of the tool's database:
the tool's JWKS is handed to it when the test has made the tool's key.
"""

from __future__ import annotations

import functools
import json
import secrets
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt.algorithms import RSAAlgorithm

CLAIM = "https://purl.imsglobal.org/spec/lti/claim/"
SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
LINEITEM_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"


def new_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@functools.cache
def platform_key() -> rsa.RSAPrivateKey:
    """The simulated platform's key: one per test run (making a key takes a while)."""
    return new_key()


def pem(key: rsa.RSAPrivateKey) -> str:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


@dataclass
class Platform:
    """The simulated Moodle: call :meth:`start`, then :meth:`stop`."""

    client_id: str = "tool-client-1"
    deployment_id: str = "1"
    key: rsa.RSAPrivateKey = field(default_factory=platform_key)
    kid: str = "platform-key-1"
    tool_jwks: dict[str, Any] = field(default_factory=dict)
    scores: list[dict[str, Any]] = field(default_factory=list)
    tokens: set[str] = field(default_factory=set)
    refuse_scores: bool = False
    #: Seconds the scores endpoint takes to answer (a slow platform).
    score_delay: float = 0.0
    #: How often the tool fetched the JWKS and an access token.
    jwks_fetches: int = 0
    token_fetches: int = 0
    #: The JWKS's ``Cache-Control`` header (empty: none); ``jwks_down``: it answers 503.
    jwks_cache_control: str = ""
    jwks_down: bool = False
    base: str = ""

    @property
    def issuer(self) -> str:
        return self.base

    def start(self) -> None:
        platform = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # quiet
                return

            def _reply(self, status: int, body: object, cache_control: str = "") -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                if cache_control:
                    self.send_header("Cache-Control", cache_control)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                if self.path == "/jwks":
                    platform.jwks_fetches += 1
                    if platform.jwks_down:
                        return self._reply(503, {"error": "down"})
                    return self._reply(200, platform.jwks(), platform.jwks_cache_control)
                return self._reply(404, {})

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if self.path == "/token":
                    return self._reply(*platform.token(parse_qs(body.decode())))
                if self.path == "/lineitems/7/lineitem/scores":
                    bearer = self.headers.get("Authorization", "").removeprefix("Bearer ")
                    return self._reply(*platform.score(bearer, self.headers, body))
                return self._reply(404, {})

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()

    # -- the platform's endpoints ------------------------------------------------------
    def jwks(self) -> dict[str, Any]:
        jwk = json.loads(RSAAlgorithm.to_jwk(self.key.public_key()))
        return {"keys": [{**jwk, "kid": self.kid, "alg": "RS256", "use": "sig"}]}

    @property
    def lineitem(self) -> str:
        return f"{self.base}/lineitems/7/lineitem"

    def token(self, form: dict[str, list[str]]) -> tuple[int, dict[str, Any]]:
        """OAuth2 client credentials: the tool's assertion, signed by a key of its JWKS."""
        self.token_fetches += 1
        assertion = form.get("client_assertion", [""])[0]
        try:
            claims = self.verify_tool(assertion, audience=f"{self.base}/token")
        except jwt.InvalidTokenError as error:
            return 401, {"error": "invalid_client", "detail": str(error)}
        if claims["iss"] != self.client_id or claims["sub"] != self.client_id:
            return 401, {"error": "invalid_client"}
        token = secrets.token_urlsafe(16)
        self.tokens.add(token)
        return 200, {"access_token": token, "token_type": "bearer", "expires_in": 3600}

    def score(self, bearer: str, headers: Any, body: bytes) -> tuple[int, dict[str, Any]]:
        time.sleep(self.score_delay)
        if bearer not in self.tokens:
            return 401, {"error": "unauthorized"}
        if self.refuse_scores:
            return 503, {"error": "down"}
        if headers.get("Content-Type") != "application/vnd.ims.lis.v1.score+json":
            return 415, {}
        self.scores.append(json.loads(body))
        return 200, {}

    def verify_tool(self, token: str, audience: str) -> dict[str, Any]:
        """A JWT of the tool's, checked against the tool's JWKS as a platform would."""
        kid = jwt.get_unverified_header(token).get("kid")
        jwk = next(k for k in self.tool_jwks["keys"] if k["kid"] == kid)
        public = RSAAlgorithm.from_jwk(json.dumps(jwk))
        return jwt.decode(token, public, algorithms=["RS256"], audience=audience)  # type: ignore[arg-type]

    # -- what the platform sends -------------------------------------------------------
    def id_token(self, nonce: str, roles: list[str], sub: str = "student-1", **changes: Any) -> str:
        """A signed launch of the resource link (``changes`` override claims; a
        ``key``/``kid`` change signs with another key)."""
        now = int(time.time())
        claims: dict[str, Any] = {
            "iss": self.issuer,
            "aud": self.client_id,
            "sub": sub,
            "iat": now,
            "exp": now + 300,
            "nonce": nonce,
            "name": "Anika Roy",
            "given_name": "Anika",
            "family_name": "Roy",
            "email": "anika@school.example",
            "locale": "cs_CZ",
            CLAIM + "message_type": "LtiResourceLinkRequest",
            CLAIM + "version": "1.3.0",
            CLAIM + "deployment_id": self.deployment_id,
            CLAIM + "target_link_uri": "http://testserver/lti/launch/",
            CLAIM + "roles": roles,
            CLAIM + "resource_link": {"id": "link-42", "title": "Friday's quiz"},
            CLAIM + "context": {"id": "course-9", "title": "Poker 101"},
            CLAIM + "ext": {"user_username": "anika.roy"},
            "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint": {
                "scope": [SCORE_SCOPE, LINEITEM_SCOPE],
                "lineitems": f"{self.base}/lineitems",
                "lineitem": self.lineitem,
            },
        }
        key = changes.pop("key", self.key)
        kid = changes.pop("kid", self.kid)
        claims.update(changes)
        for name in [name for name, value in claims.items() if value is None]:
            del claims[name]
        return jwt.encode(claims, pem(key), algorithm="RS256", headers={"kid": kid})

    def deep_link_request(self, nonce: str, **changes: Any) -> str:
        settings = {
            "deep_link_return_url": f"{self.base}/deep-link-return",
            "accept_types": ["ltiResourceLink"],
            "accept_presentation_document_targets": ["iframe", "window"],
            "data": "opaque-" + uuid.uuid4().hex,
        }
        return self.id_token(
            nonce,
            [INSTRUCTOR],
            **{
                "sub": "teacher-1",
                CLAIM + "message_type": "LtiDeepLinkingRequest",
                CLAIM + "resource_link": None,
                "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings": settings,
                "locale": "ja-JP",
                **changes,
            },
        )


def login_params(location: str) -> dict[str, str]:
    """The tool's redirect to the platform's auth URL, read as the platform reads it."""
    return {key: values[0] for key, values in parse_qs(urlsplit(location).query).items()}
