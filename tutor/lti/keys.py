"""The tool's own RSA keys: made on first need, kept in the database (never in git),
rotated by ``manage.py lti_keys rotate``. The newest key signs; the JWKS (``/lti/jwks/``)
lists every key not retired, so a platform that cached the previous one keeps verifying
until the rotation after next retires it."""

from __future__ import annotations

import json
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from django.db import transaction
from jwcrypto.jwk import JWK

from .models import ToolKey

KEY_BITS = 2048
#: Keys a rotation keeps listed: the new one and the one before it.
KEPT = 2


def _new_key() -> ToolKey:
    private = rsa.generate_private_key(public_exponent=65537, key_size=KEY_BITS)
    private_pem = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    public_pem = (
        private.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    kid = JWK.from_pem(public_pem.encode()).thumbprint()
    return ToolKey.objects.create(kid=kid, private_pem=private_pem, public_pem=public_pem)


def signing_key() -> ToolKey:
    """The key that signs now: the newest not retired, made if there is none."""
    key = ToolKey.objects.filter(retired=False).first()
    if key is not None:
        return key
    with transaction.atomic():
        return ToolKey.objects.select_for_update().filter(retired=False).first() or _new_key()


def rotate() -> ToolKey:
    """A new signing key; keys older than the one before it are retired."""
    with transaction.atomic():
        key = _new_key()
        kept = ToolKey.objects.filter(retired=False).values_list("pk", flat=True)[:KEPT]
        ToolKey.objects.filter(retired=False).exclude(pk__in=list(kept)).update(retired=True)
    return key


def public_jwk(key: ToolKey) -> dict[str, Any]:
    jwk: dict[str, Any] = json.loads(JWK.from_pem(key.public_pem.encode()).export_public())
    return {**jwk, "kid": key.kid, "alg": "RS256", "use": "sig"}


def jwks() -> dict[str, list[dict[str, Any]]]:
    """The tool's JSON Web Key Set: every key not retired, the signing key first."""
    signing_key()
    return {"keys": [public_jwk(key) for key in ToolKey.objects.filter(retired=False)]}
