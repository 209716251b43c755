"""The address of a model server, and whether Hearth may send a diary's prompts there.

Privacy rule (issue 15): Hearth connects only to the address the person typed. A server on this computer
(loopback) or on the home network (private ranges, link-local, ``*.local``) is fine over plain http. Any
other address means the diary's prompts travel over the internet: it needs ``https`` *and* the person's
explicit confirmation (``allow_remote``), or Hearth refuses before a single byte is sent.

Deciding is offline: an IP literal is classified by its range, a name by its spelling (``localhost``,
``*.local``, ``*.lan``, ``*.home.arpa``, ``*.internal``); any other name counts as remote. Resolving it
to look would itself tell a DNS server where the person's diary goes, before they confirmed anything.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

from app.llm.errors import ServerAddressRefused

LOCAL_SUFFIXES = (".local", ".lan", ".home.arpa", ".internal", ".localhost")
DEFAULT_PORTS = {"http": 80, "https": 443}


@dataclass(frozen=True)
class ServerAddress:
    """``scheme://host:port`` plus a base path; the OpenAI routes live under ``{base}/v1``."""

    scheme: str
    host: str
    port: int
    base_path: str = ""

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        default = DEFAULT_PORTS[self.scheme] == self.port
        return f"{self.scheme}://{host}{'' if default else f':{self.port}'}{self.base_path}"

    @property
    def is_local(self) -> bool:
        """This computer or the home network (see the module docstring)."""
        return is_local_host(self.host)

    def path(self, route: str) -> str:
        """The request path of ``route`` (``"/v1/models"``, ``"/extras/tokenize"``) on this server."""
        return f"{self.base_path}{route}"


def parse_address(text: str) -> ServerAddress:
    """``http://192.168.1.20:8080``, ``localhost:8000``, ``https://ai.example.org/v1`` → a ``ServerAddress``.

    A missing scheme means http; a trailing ``/v1`` (what OpenAI clients are usually given) is dropped, since
    Hearth also uses the server's own routes beside it. Raises ``ServerAddressRefused`` for anything else.
    """
    raw = text.strip()
    if not raw:
        raise ServerAddressRefused("No server address was entered.")
    if "://" not in raw:
        raw = f"http://{raw}"
    try:
        parts = urlsplit(raw)
        host = parts.hostname
    except ValueError:  # "http://[::1": an unclosed bracket
        host = None
    if host is None or parts.scheme not in DEFAULT_PORTS:
        raise ServerAddressRefused(f"{text.strip()!r} is not an http:// or https:// address.")
    if parts.username or parts.password or parts.query or parts.fragment:
        raise ServerAddressRefused(
            "The address may not carry a user name, password, query or fragment.",
            "Enter just http(s)://host:port; put an API key in the API key field.",
        )
    try:
        port = parts.port or DEFAULT_PORTS[parts.scheme]
    except ValueError as exc:
        raise ServerAddressRefused(f"The port in {text.strip()!r} is not a number from 1 to 65535.") from exc
    base = parts.path.rstrip("/")
    if base.endswith("/v1"):
        base = base[: -len("/v1")]
    return ServerAddress(parts.scheme, host.lower(), port, base)


def is_local_host(host: str) -> bool:
    """Loopback, private, link-local or unique-local IPs; ``localhost`` and home-network names."""
    try:
        ip = ipaddress.ip_address(host.strip("[]").split("%")[0])
    except ValueError:
        name = host.lower().rstrip(".")
        return name == "localhost" or name.endswith(LOCAL_SUFFIXES)
    return ip.is_loopback or ip.is_private or ip.is_link_local


def check_allowed(address: ServerAddress, *, allow_remote: bool) -> None:
    """Refuse a remote address without https, or without the person's confirmation (``allow_remote``)."""
    if address.is_local:
        return
    if address.scheme != "https":
        raise ServerAddressRefused(
            f"{address.host} is not on this computer or the home network, and the address is plain http:"
            " the diary's prompts would cross the internet unencrypted.",
            "Use an https:// address for a server outside your home network.",
        )
    if not allow_remote:
        raise ServerAddressRefused(
            f"{address.host} is outside this computer and the home network; Hearth sends it nothing"
            " until you confirm.",
            "Confirm that your prompts may be sent there (the model manager asks; `hearth chat` takes"
            " --allow-remote).",
        )
