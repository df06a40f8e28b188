"""The one origin a signer signs for: a signature is never written on a request to any other."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from urllib3.util import parse_url

_DEFAULT_PORTS = {"http": 80, "https": 443}


class CrossOriginRequestError(ValueError):
    """Raised before sending, for a request to an origin other than the signer's: nothing is sent."""


class RedirectRefusedError(Exception):
    """Raised when the server answers a signed request with a redirect: it is never followed.

    A redirect to another origin would carry a valid signature (and, on 307/308, the body) there.
    """

    def __init__(self, status: int, location: str | None) -> None:
        super().__init__(
            f"The server answered {status} with a redirect to {location or '(no Location)'}; "
            "signed requests never follow redirects (call the new address yourself if you trust it)"
        )
        self.status = status
        self.location = location


@dataclass(frozen=True, slots=True)
class Origin:
    """Scheme, host (lower case) and port: what RFC 6454 compares."""

    scheme: str
    host: str
    port: int

    @classmethod
    def of(cls, url: str) -> Origin:
        parsed = parse_url(url)
        scheme = (parsed.scheme or "").lower()
        if scheme not in _DEFAULT_PORTS or not parsed.host:
            raise ValueError(f"Base URL must be an absolute http or https URL, got {url!r}")
        return cls(scheme, parsed.host.lower().strip("[]"), parsed.port or _DEFAULT_PORTS[scheme])

    @classmethod
    def at(cls, scheme: str, host: str | None, port: int | None) -> Origin:
        """The origin of a request's parts as an HTTP library holds them (one value per origin: a client asks for
        the same one on every request)."""
        return _origin_at(scheme, host, port)

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}"


@lru_cache(maxsize=64)
def _origin_at(scheme: str, host: str | None, port: int | None) -> Origin:
    return Origin(scheme.lower(), (host or "").lower().strip("[]"), port or _DEFAULT_PORTS.get(scheme.lower(), 0))
