"""The Hugging Face hub side of a model download: where the file is, what it must be, what an error means.

Split from ``app.llm.download`` (which owns the transfer: lock, resume, stream, verify) so everything that
speaks to huggingface-hub — the URL, the metadata HEAD, the headers without a token, telemetry off, the
mapping of its errors to a clear ``DownloadError`` — sits in one place. Nothing here runs unless the person
started a download.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from app import __version__
from app.llm.catalog import CatalogEntry
from app.llm.errors import DownloadError

os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")  # read by huggingface_hub when first imported

DEFAULT_ENDPOINT = "https://huggingface.co"
METADATA_TIMEOUT_S = 10.0
_SHA256 = re.compile(r"[0-9a-f]{64}")


class TransferRetry(Exception):
    """The transfer ended early without a library error (short body, ignored Range): try again."""


@dataclass(frozen=True)
class Target:
    url: str  # where the bytes are (the hub or its CDN, after redirects)
    sha256: str
    size: int


def resolve_endpoint(endpoint: str | None = None) -> str:
    """Explicit argument, else ``HF_ENDPOINT`` (read now, not at import), else huggingface.co."""
    return (endpoint or os.environ.get("HF_ENDPOINT") or DEFAULT_ENDPOINT).rstrip("/")


def refuse_if_offline() -> None:
    if os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in {"1", "true", "yes", "on"}:
        raise DownloadError(
            "Downloads are switched off: HF_HUB_OFFLINE is set.",
            "Unset HF_HUB_OFFLINE (or set it to 0) and pull again.",
        )


def request_headers() -> dict[str, str]:
    from huggingface_hub.utils import build_hf_headers

    _telemetry_off()
    headers = build_hf_headers(token=False, library_name="hearth", library_version=__version__)
    headers["Accept-Encoding"] = "identity"  # sizes and offsets are byte counts of the file itself
    return headers


def _telemetry_off() -> None:
    """Belt and braces: huggingface_hub may have been imported before our env default was set."""
    from huggingface_hub import constants

    constants.HF_HUB_DISABLE_TELEMETRY = True


def resolve_target(entry: CatalogEntry, endpoint: str) -> Target:
    """HEAD the file on the hub: where to fetch it, its sha256 and size (checked against the catalog)."""
    from huggingface_hub import get_hf_file_metadata, hf_hub_url

    url = hf_hub_url(entry.repo, entry.file, revision=entry.revision, endpoint=endpoint)
    meta = get_hf_file_metadata(url, token=False, timeout=METADATA_TIMEOUT_S, headers=request_headers())
    hub_sha = (meta.etag or "").lower()
    hub_sha = hub_sha if _SHA256.fullmatch(hub_sha) else ""
    if entry.sha256 and hub_sha and hub_sha != entry.sha256:
        raise DownloadError(
            f"The hub now serves a different {entry.file} (sha256 {hub_sha[:12]}…) than Hearth's"
            f" catalog expects ({entry.sha256[:12]}…); nothing was downloaded.",
            "Update Hearth (its model catalog may be out of date) or choose another model.",
        )
    sha = entry.sha256 or hub_sha
    if not sha:
        raise DownloadError(
            f"{endpoint} did not report a sha256 for {entry.file}, so the download could not be verified.",
            "Check HF_ENDPOINT: it must point to the Hugging Face hub or a faithful mirror.",
        )
    if meta.size and entry.size and meta.size != entry.size:
        raise DownloadError(
            f"The hub reports {entry.file} as {meta.size} bytes, the catalog as {entry.size}.",
            "Update Hearth (its model catalog may be out of date) or choose another model.",
        )
    size = entry.size or meta.size or 0
    if not size:
        raise DownloadError(f"{endpoint} did not report the size of {entry.file}.")
    return Target(url=meta.location, sha256=sha, size=size)


def classify_failure(exc: Exception, entry: CatalogEntry, endpoint: str) -> tuple[bool, DownloadError]:
    """(worth retrying?, the error to show if not) for anything the transfer raised."""
    import httpx2
    from huggingface_hub import errors as hub_errors

    if isinstance(exc, DownloadError):
        return False, exc
    if isinstance(exc, hub_errors.OfflineModeIsEnabled):
        return False, DownloadError(str(exc), "Unset HF_HUB_OFFLINE (or set it to 0) and pull again.")
    missing = (
        hub_errors.RepositoryNotFoundError,
        hub_errors.RevisionNotFoundError,
        hub_errors.RemoteEntryNotFoundError,
        hub_errors.GatedRepoError,
    )
    if isinstance(exc, missing):
        return False, DownloadError(
            f"{entry.repo}/{entry.file} (revision {entry.revision}) was not found on {endpoint}.",
            "The model catalog may be out of date, or HF_ENDPOINT points to a mirror without this model.",
        )
    lost = DownloadError(
        f"Lost the connection to {endpoint} while downloading {entry.file}: {exc or type(exc).__name__}.",
        "Check the internet connection (or HF_ENDPOINT) and pull again: it resumes where it stopped.",
    )
    if isinstance(exc, hub_errors.HfHubHTTPError):
        status = exc.response.status_code if exc.response is not None else 0
        if status in (408, 429) or status >= 500:
            return True, lost
        return False, DownloadError(f"{endpoint} refused the download of {entry.file} (HTTP {status}).")
    if isinstance(exc, httpx2.ConnectError | httpx2.ConnectTimeout):
        return True, DownloadError(
            f"Cannot reach {endpoint}: {exc or type(exc).__name__}.",
            "Check the internet connection (or HF_ENDPOINT) and try again.",
        )
    if isinstance(exc, httpx2.TransportError | TransferRetry):
        return True, lost
    if isinstance(exc, OSError):
        return False, DownloadError(
            f"Cannot write the model file in the data directory: {exc}.",
            "Check free disk space and permissions of the data directory, then pull again.",
        )
    raise exc
