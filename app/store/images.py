"""Taking a picture in: checked, its location stripped, a thumbnail made — before anything is stored.

Why here (Pillow, no Qt): the CLI attaches pictures as well as the GUI, and the store must never keep bytes
it has not checked. A picture is refused with a clear error when it is too large (``MAX_IMAGE_BYTES``,
``MAX_PIXELS``) or not a readable PNG, JPEG, WebP or GIF (HEIC needs a plugin Pillow lacks: said so).

The stored copy is the person's file, byte for byte, except for where it was taken: unless they keep it
(the ``keep_photo_location`` setting), the EXIF GPS block and any XMP packet (which can repeat it) are
cut out of a JPEG without re-encoding it; other formats that carry GPS are re-saved without it. EXIF
orientation is honoured in the thumbnail and in the width/height recorded; the viewer and the text
recognition turn the original the same way (``upright``).
"""

from __future__ import annotations

import hashlib
import io
import os
import warnings
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PIL import Image, ImageOps, UnidentifiedImageError

from app.store.errors import StoreError

MAX_IMAGE_BYTES = 32 * 1024 * 1024  # a phone photo is 2-12 MB; a 40 MB file is a scan or a raw export
MAX_PIXELS = 100_000_000  # 100 megapixels: decoding more would take gigabytes of memory
THUMB_EDGE = 320  # the longer edge of a thumbnail, in pixels (painted at half that; sharp on HiDPI)
THUMB_QUALITY = 82
MIMES = {"PNG": "image/png", "JPEG": "image/jpeg", "WEBP": "image/webp", "GIF": "image/gif"}
GPS_IFD = 0x8825
EXIF_IFD = 0x8769
DATE_TAKEN = 0x9003  # DateTimeOriginal, in the Exif IFD
DATE_CHANGED = 0x0132  # DateTime, in IFD0

Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # Pillow's own bomb guard at our limit (we check first anyway)


class ImageTooLarge(StoreError):
    hint = "Attach a smaller copy: most photo apps can export one (up to 32 MB, 100 megapixels)."


class ImageUnreadable(StoreError):
    hint = "Open it in an image viewer, save it as PNG or JPEG, and attach that copy."


@dataclass(frozen=True)
class PreparedImage:
    """A checked picture ready to store: the bytes to keep and what is shown and searched about it."""

    file_name: str
    sha256: str
    mime: str
    data: bytes
    width: int
    height: int
    thumbnail: bytes
    taken_at: datetime | None


def read_image_file(path: Path) -> bytes:
    """The file's bytes, refused before reading when it is larger than Hearth takes."""
    try:
        size = os.stat(path).st_size
    except FileNotFoundError as exc:
        raise ImageUnreadable("The picture file was not found.", "Check the path and try again.") from exc
    if size > MAX_IMAGE_BYTES:
        raise ImageTooLarge("The picture is larger than 32 MB.")
    data = Path(path).read_bytes()
    if not data:  # nearly always a copy or a download that did not finish: not "damaged" (QA)
        raise ImageUnreadable("The picture file is empty (0 bytes).",
                              "Check that the picture finished copying or downloading, then attach it again.")
    return data


def prepare_image(data: bytes, file_name: str, *, keep_location: bool = False) -> PreparedImage:
    """Check ``data`` and make what is stored of it; raises ``ImageTooLarge`` or ``ImageUnreadable``."""
    if len(data) > MAX_IMAGE_BYTES:
        raise ImageTooLarge("The picture is larger than 32 MB.")
    image = _open(data)
    kind = image.format or ""
    if kind not in MIMES:
        raise ImageUnreadable("Hearth reads PNG, JPEG, WebP and GIF pictures; this file is another kind.")
    exif = _exif(image)
    stored = data if keep_location else _without_location(data, image, exif)
    upright = _decoded_upright(image)
    thumbnail = _thumbnail(upright)
    return PreparedImage(
        file_name=Path(file_name).name or "picture",
        sha256=hashlib.sha256(stored).hexdigest(),
        mime=MIMES[kind],
        data=stored,
        width=upright.width,
        height=upright.height,
        thumbnail=thumbnail,
        taken_at=_taken_at(exif),
    )


def upright(data: bytes) -> Image.Image:
    """The stored picture decoded and turned as its EXIF orientation says (text recognition, export)."""
    return _decoded_upright(_open(data))


def _open(data: bytes) -> Image.Image:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
            if image.width * image.height > MAX_PIXELS:
                raise ImageTooLarge("The picture has more than 100 megapixels.")
            return image
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ImageTooLarge("The picture has more than 100 megapixels.") from exc
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as exc:
        raise ImageUnreadable("The picture cannot be read: the file is damaged or not a picture.") from exc


def _exif(image: Image.Image) -> Image.Exif:
    try:
        return image.getexif()  # a PNG may decode to find it
    except (OSError, ValueError, SyntaxError, EOFError) as exc:
        raise ImageUnreadable("The picture cannot be read: the file is damaged or not a picture.") from exc


def _decoded_upright(image: Image.Image) -> Image.Image:
    try:
        image.load()
        turned = ImageOps.exif_transpose(image)
    except (OSError, ValueError, SyntaxError, EOFError) as exc:
        raise ImageUnreadable("The picture cannot be read: the file is damaged or not a picture.") from exc
    return turned if turned is not None else image


def _thumbnail(image: Image.Image) -> bytes:
    """A JPEG of at most ``THUMB_EDGE`` pixels on the longer edge, transparency on white."""
    small = image.copy()
    small.thumbnail((THUMB_EDGE, THUMB_EDGE))
    if small.mode in ("RGBA", "LA", "P"):
        small = small.convert("RGBA")
        background = Image.new("RGB", small.size, "white")
        background.paste(small, mask=small.getchannel("A"))
        small = background
    elif small.mode != "RGB":
        small = small.convert("RGB")
    out = io.BytesIO()
    small.save(out, "JPEG", quality=THUMB_QUALITY)
    return out.getvalue()


def _taken_at(exif: Image.Exif) -> datetime | None:
    raw = exif.get_ifd(EXIF_IFD).get(DATE_TAKEN) or exif.get(DATE_CHANGED)
    if not isinstance(raw, str):
        return None
    try:
        return datetime.strptime(raw.strip("\x00 "), "%Y:%m:%d %H:%M:%S")
    except ValueError:
        return None


def _without_location(data: bytes, image: Image.Image, exif: Image.Exif) -> bytes:
    """``data`` without its GPS block (and XMP, which can repeat it); the bytes as they are if none."""
    has_gps = GPS_IFD in exif
    if image.format == "JPEG":
        payload = None
        if has_gps:
            del exif[GPS_IFD]
            payload = exif.tobytes()
        stripped = _rewrite_jpeg(data, payload)
        if stripped is not None:
            return stripped
    elif not has_gps:
        return data
    return _resaved(image, exif)


def _rewrite_jpeg(data: bytes, exif_payload: bytes | None) -> bytes | None:
    """The JPEG with its EXIF segment replaced by ``exif_payload`` (kept when None) and XMP dropped,
    without touching the compressed picture; None when the markers are not as expected."""
    if data[:2] != b"\xff\xd8":
        return None
    out, i = [data[:2]], 2
    while i + 4 <= len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker == 0xDA:  # start of scan: the compressed picture and the rest, as they are
            break
        end = i + 2 + int.from_bytes(data[i + 2 : i + 4], "big")
        segment = data[i:end]
        if marker == 0xE1 and segment[4:10] == b"Exif\x00\x00" and exif_payload is not None:
            body = exif_payload if exif_payload.startswith(b"Exif") else b"Exif\x00\x00" + exif_payload
            segment = b"\xff\xe1" + (len(body) + 2).to_bytes(2, "big") + body
        elif marker == 0xE1 and b"ns.adobe.com/xap" in segment[4:40]:
            segment = b""
        out.append(segment)
        i = end
    out.append(data[i:])
    return b"".join(out)


def _resaved(image: Image.Image, exif: Image.Exif) -> bytes:
    """A lossless re-save in the same format, with the EXIF minus GPS (PNG, WebP and GIF are rare here)."""
    exif.pop(GPS_IFD, None)
    out = io.BytesIO()
    kind = image.format or "PNG"
    options: dict[str, object] = {"exif": exif.tobytes()}
    if kind == "WEBP":
        options["lossless"] = True
    elif kind == "JPEG":
        options["quality"] = 95
    try:
        image.save(out, kind, **options)
    except (OSError, ValueError) as exc:
        raise ImageUnreadable("The picture cannot be read: the file is damaged or not a picture.") from exc
    return out.getvalue()
