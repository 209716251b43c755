"""``hearth attach`` (pictures into today's entry, their text read with Tesseract) and ``hearth storage``.

``attach`` checks every picture before storing any (a too-large or damaged one is named, and nothing is
added); the entry goes into today's conversation under the diary's one-writer lock. The text is read at
once with ``--wait`` (then ``hearth search`` finds its words), otherwise by the next Hearth that opens
the diary. Without Tesseract the pictures are attached anyway and the install command is said.
"""

from __future__ import annotations

import argparse
import sys
from datetime import date, datetime
from pathlib import Path

from app.cli.i18n import data_size, error_text, translate
from app.cli.passphrase import open_diary
from app.cli.store_cmd import guarded
from app.config import Settings
from app.core.pictures.reader import INSTALL_COMMAND, TesseractReader
from app.core.pictures.service import read_waiting, sweep_originals
from app.store import (
    DiaryLock,
    ImageTooLarge,
    ImageUnreadable,
    PreparedImage,
    StorageFigures,
    prepare_image,
    read_image_file,
)
from app.store.db import DB_FILE


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    attach = sub.add_parser(
        "attach", help=translate("Cli", "add pictures (PNG, JPEG, WebP, GIF) to today's entry; their text "
                                        "is read on this computer")
    )
    attach.add_argument("images", nargs="+", type=Path, metavar="IMAGE")
    attach.add_argument("--caption", default="", metavar="TEXT",
                        help=translate("Cli", "words of yours to go with the pictures"))
    attach.add_argument("--wait", action="store_true",
                        help=translate("Cli", "read the pictures' text now, before returning"))
    attach.set_defaults(func=guarded(_attach))
    storage = sub.add_parser("storage", help=translate("Cli", "how much space each level of memory takes"))
    storage.set_defaults(func=guarded(_storage))


def _attach(args: argparse.Namespace, data_dir: Path) -> int:
    settings = Settings.load(data_dir)
    images: list[PreparedImage] = []
    for path in args.images:
        try:
            data = read_image_file(path)
            images.append(prepare_image(data, path.name, keep_location=settings.keep_photo_location))
        except (ImageTooLarge, ImageUnreadable) as exc:
            nothing = translate("Cli", "Nothing was added.")
            print(f"hearth: {path}: {error_text(str(exc))} {error_text(exc.hint)} {nothing}", file=sys.stderr)
            return 1
    with DiaryLock(data_dir), open_diary(data_dir) as diary:
        conversation = diary.conversation_for_day(date.today())
        message = diary.add_entry_with_pictures(conversation.id, args.caption, images)
        print(translate("Cli", "Added entry {id}; pictures in it: {n}.").format(id=message.id, n=len(images)))
        if not args.wait:
            print(translate("Cli", "Their text is read the next time Hearth opens the diary "
                                   "(or now: hearth attach --wait)."), file=sys.stderr)
            return 0
        reader = TesseractReader()
        if not reader.available():
            _say_no_tesseract()
            return 0
        read = [e for e in read_waiting(diary, reader, datetime.now, retry_unavailable=True)
                if e.state == "done"]
        sweep_originals(diary, settings.keep_originals_days, datetime.now())
    _say_read(sum(e.message_id == message.id for e in read), len(read))
    return 0


def _say_read(this_entry: int, in_all: int) -> None:
    """How many of the pictures just attached had their text read. ``--wait`` also reads the pictures
    earlier runs left waiting (attached without it, or while Tesseract was missing); counting those in
    the same number said "7" for one picture (QA), so they are said apart, and only when there are some."""
    said = translate("Cli", "Pictures whose text was read: {n}; `hearth search` finds its words.")
    print(said.format(n=this_entry))
    if in_all > this_entry:
        earlier = translate("Cli", "Pictures attached earlier whose text was read too: {n}.")
        print(earlier.format(n=in_all - this_entry))


def _say_no_tesseract() -> None:
    missing = translate("Cli", "Tesseract is not installed, so the pictures' text cannot be read yet; "
                               "they are kept. Install it with:")
    print(f"hearth: {missing} {INSTALL_COMMAND}", file=sys.stderr)


def _storage(args: argparse.Namespace, data_dir: Path) -> int:
    with open_diary(data_dir) as diary:
        figures = diary.storage_figures()
    on_disk = sum(p.stat().st_size for p in data_dir.glob(DB_FILE + "*") if p.is_file())
    for label, size in storage_rows(figures):
        print(f"{label:<40} {data_size(size):>10}")
    on_disk_label = translate("Cli", "the diary file on disk")
    print(f"{on_disk_label:<40} {data_size(on_disk):>10}")
    counts = translate("Cli", "Pictures: {n}; originals dropped by the retention setting: {dropped}.")
    print(counts.format(n=figures.pictures, dropped=figures.originals_dropped))
    return 0


def storage_rows(figures: StorageFigures) -> list[tuple[str, int]]:
    """The storage panel's rows, level by level (the GUI shows the same with its own labels)."""
    return [
        (translate("Cli", "level 0: original pictures"), figures.originals),
        (translate("Cli", "level 0: thumbnails"), figures.thumbnails),
        (translate("Cli", "level 1: entries (with picture text)"), figures.messages),
        (translate("Cli", "level 2: summaries and digests"), figures.summaries),
        (translate("Cli", "level 3: facts"), figures.facts),
        (translate("Cli", "recall index (vectors)"), figures.vectors),
    ]
