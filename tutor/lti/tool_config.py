"""pylti1p3's tool configuration read from the database: a registration per platform
(issuer and client id), its deployments, and the tool's signing key."""

from __future__ import annotations

from typing import Any

import requests
from pylti1p3.deployment import Deployment as LtiDeployment
from pylti1p3.registration import Registration
from pylti1p3.tool_config import ToolConfAbstract

from . import keys
from .models import Deployment, Platform

#: Seconds to wait for a platform's JWKS, token and score endpoints.
TIMEOUT = 10


class TimedSession(requests.Session):
    """A requests session that never waits on a platform forever."""

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:  # type: ignore[override]
        kwargs.setdefault("timeout", TIMEOUT)
        return super().request(*args, **kwargs)


def registration(platform: Platform) -> Registration:
    """The platform as pylti1p3 reads it, signing with the tool's current key."""
    key = keys.signing_key()
    return (
        Registration()
        .set_issuer(platform.issuer)
        .set_client_id(platform.client_id)
        .set_auth_login_url(platform.auth_login_url)
        .set_auth_token_url(platform.auth_token_url)
        .set_auth_audience(platform.auth_audience)
        .set_key_set_url(platform.key_set_url)
        .set_tool_private_key(key.private_pem)
        .set_tool_public_key(key.public_pem)
    )


class DatabaseToolConf(ToolConfAbstract[Any]):
    """Every issuer may have many client ids (one registration each)."""

    def check_iss_has_one_client(self, iss: str) -> bool:
        return False

    def check_iss_has_many_clients(self, iss: str) -> bool:
        return True

    def platform(self, iss: str, client_id: str | None) -> Platform | None:
        platforms = Platform.objects.filter(issuer=iss)
        if client_id:
            return platforms.filter(client_id=client_id).first()
        # The OIDC login may leave the client id out: only an issuer with one registration
        # is found then.
        return platforms.first() if platforms.count() == 1 else None

    def find_registration_by_issuer(self, iss: str, *args: Any, **kwargs: Any) -> Registration:
        raise NotImplementedError  # every issuer may have many client ids

    def find_registration_by_params(
        self, iss: str, client_id: str, *args: Any, **kwargs: Any
    ) -> Registration:
        platform = self.platform(iss, client_id)
        return registration(platform) if platform is not None else None  # type: ignore[return-value]

    def find_deployment(self, iss: str, deployment_id: str) -> LtiDeployment | None:
        raise NotImplementedError

    def find_deployment_by_params(
        self, iss: str, deployment_id: str, client_id: str, *args: Any, **kwargs: Any
    ) -> LtiDeployment | None:
        found = Deployment.objects.filter(
            platform__issuer=iss, platform__client_id=client_id, deployment_id=deployment_id
        ).exists()
        return LtiDeployment().set_deployment_id(deployment_id) if found else None
