"""Pictures through the controller: attached at once, their text read by the real Tesseract in the background,
found by search, given to the model as words (never pixels), and kept per the retention setting on a fake
clock. Without Tesseract the picture is attached anyway and the app says so once, with the install command."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from app.config import Settings, SettingsStore
from app.core.companion import Companion
from app.core.events import Event, MessageAdded, PictureTextRead, ReplyFinished, TextReaderMissing
from app.core.pictures.reader import INSTALL_COMMAND, TesseractReader, TextReader, TextReadFailed
from app.store import Diary, prepare_image
from tests.fakes import Clock, ScriptedModel
from tests.pictures import needs_tesseract, page_png

ENGLISH = ["Lighthouse keeper wanted", "Skerryvore rock station"]
RUSSIAN = ["Смотритель маяка", "Остров Сквирвор"]


class Rig:
    def __init__(self, data_dir: Path, reader: TextReader | None = None, days: int = 0) -> None:
        self.diary = Diary.open(data_dir)
        self.model = ScriptedModel(n_ctx=2048)
        self.clock = Clock()
        self.settings = SettingsStore(Settings(keep_originals_days=days))
        self.companion = Companion(
            self.diary, self.model, self.settings, clock=self.clock, text_reader=reader
        )
        self.events: list[Event] = []
        self.companion.subscribe(self.events.append)

    def attach(self, lines: list[str], caption: str = "", name: str = "page.png") -> int:
        return self.companion.attach([prepare_image(page_png(lines), name)], caption)

    def read_all(self) -> None:
        assert self.companion.pictures.wait_read(timeout=120)

    def close(self) -> None:
        self.companion.close()
        self.model.close()
        self.diary.close()


@pytest.fixture
def rig(data_dir: Path, qapp: object) -> Iterator[Rig]:
    made = Rig(data_dir)
    yield made
    made.close()


@needs_tesseract
def test_words_only_in_a_picture_are_found_and_reach_the_model(rig: Rig) -> None:
    started = time.monotonic()
    english = rig.attach(ENGLISH, caption="A notice at the harbour")
    russian = rig.attach(RUSSIAN, name="объявление.png")
    assert any(isinstance(e, MessageAdded) and e.message_id == english for e in rig.events)
    rig.read_all()
    elapsed = time.monotonic() - started
    print(f"\nread 2 pictures in {elapsed:.2f} s")

    assert [h.message_id for h in rig.diary.search("Skerryvore")] == [english]
    assert [h.message_id for h in rig.diary.search("смотритель")] == [russian]
    done = [e for e in rig.events if isinstance(e, PictureTextRead)]
    assert {e.message_id for e in done} == {english, russian} and {e.state for e in done} == {"done"}
    prompt = rig.companion.context.assemble(rig.companion.conversation_id, "What did the notice say?")
    said = "\n".join(str(m["content"]) for m in prompt.messages)
    assert "[picture: page.png, 2026-03-02]" in said and "Lighthouse keeper" in said
    assert "[picture: объявление.png, 2026-03-02]" in said and "маяка" in said.lower()


@needs_tesseract
def test_retention_drops_read_originals_on_the_fake_clock_and_keeps_their_text(rig: Rig) -> None:
    kept = rig.attach(ENGLISH)
    rig.read_all()
    picture = rig.diary.pictures([kept])[kept][0]
    rig.settings.change(keep_originals_days=30)
    rig.clock.now += timedelta(days=29)
    assert rig.companion.pictures.sweep() == 0
    rig.clock.now += timedelta(days=2)
    rig.settings.change(keep_originals_days=90)  # a change of the setting sweeps at once
    rig.read_all()
    assert rig.diary.picture_original(picture.id) is not None  # 31 days < 90
    rig.settings.change(keep_originals_days=30)
    rig.read_all()
    assert rig.diary.picture_original(picture.id) is None
    assert rig.companion.pictures.sweep() == 0
    assert [h.message_id for h in rig.diary.search("Skerryvore")] == [kept]
    assert rig.diary.pictures([kept])[kept][0].thumbnail == picture.thumbnail


def test_without_tesseract_the_picture_is_attached_and_the_app_says_so_once(
    data_dir: Path, qapp: object
) -> None:
    rig = Rig(data_dir, reader=TesseractReader(command=str(data_dir / "no-tesseract-here")))
    try:
        first = rig.attach(ENGLISH)
        rig.attach(RUSSIAN)
        rig.read_all()
        missing = [e for e in rig.events if isinstance(e, TextReaderMissing)]
        assert missing == [TextReaderMissing(INSTALL_COMMAND)]
        assert rig.diary.pictures([first])[first][0].ocr_state == "unavailable"
        assert rig.diary.picture_original(rig.diary.pictures([first])[first][0].id) is not None
    finally:
        rig.close()


@needs_tesseract
def test_a_picture_from_another_day_is_recalled_by_a_word_only_in_it(rig: Rig) -> None:
    picture_day = rig.attach(["Lighthouse keeper wanted", "Apply at Skerryvore"], name="notice.png")
    rig.read_all()
    rig.clock.now += timedelta(days=3)
    rig.companion.open_conversation(None)  # today's conversation, three days later
    prompt = rig.companion.context.assemble(rig.companion.conversation_id, "Did I apply at Skerryvore?")
    said = "\n".join(str(m["content"]) for m in prompt.messages)
    assert rig.companion.conversation_id != rig.diary.get_message(picture_day).conversation_id
    assert "[picture: notice.png, 2026-03-02]" in said and "Lighthouse keeper" in said


class BlockingReader:
    """Reads until cancelled, as a long page would while Hearth closes."""

    def __init__(self) -> None:
        self.reading = threading.Event()
        self.cancelled = threading.Event()

    def available(self) -> bool:
        return True

    def read(self, data: bytes) -> str:
        self.reading.set()
        self.cancelled.wait(30)
        raise TextReadFailed("Tesseract could not read the picture.")

    def cancel(self) -> None:
        self.cancelled.set()


def test_closing_cuts_a_reading_short_and_the_picture_waits_for_the_next_start(
    data_dir: Path, qapp: object
) -> None:
    reader = BlockingReader()
    rig = Rig(data_dir, reader=reader)
    entry = rig.attach(ENGLISH)
    assert reader.reading.wait(30)
    rig.close()
    assert reader.cancelled.is_set()
    with Diary.open(data_dir) as diary:
        assert diary.pictures([entry])[entry][0].ocr_state == "pending"


@needs_tesseract
def test_asking_the_real_model_about_a_picture_gives_it_the_pictures_text(
    data_dir: Path, qapp: object, tiny_engine: Any
) -> None:
    """The bundled tiny model (llama.cpp) answers a question about a picture; its rendered prompt — the
    model's own chat template — carries the text read in the picture, its name and date."""
    diary = Diary.open(data_dir)
    companion = Companion(diary, tiny_engine, Settings(reply_reserve=48, reply_length="short"), clock=Clock())
    events: list[Event] = []
    companion.subscribe(events.append)
    try:
        companion.attach([prepare_image(page_png(ENGLISH), "notice.png")], "A notice at the harbour")
        assert companion.pictures.wait_read(timeout=120)
        prompt = companion.context.assemble(companion.conversation_id, "What did the notice say?")
        rendered = tiny_engine.render_chat(prompt.messages)
        assert "[picture: notice.png, 2026-03-02]" in rendered and "Skerryvore" in rendered
        companion.send("What did the notice say?")
        assert companion.wait_idle(timeout=180)
        replies = [e for e in events if isinstance(e, ReplyFinished)]
        assert replies and replies[-1].status == "complete" and replies[-1].text.strip()
    finally:
        companion.close(keep_cache_s=0)
        diary.close()


class CountingReader:
    """A reader that counts how often it is asked whether it can read (each ask starts Tesseract)."""

    def __init__(self) -> None:
        self.asked = 0

    def available(self) -> bool:
        self.asked += 1
        return True

    def read(self, data: bytes) -> str:
        return "Skerryvore"

    def cancel(self) -> None:
        pass


def test_a_start_with_no_picture_waiting_does_not_ask_for_tesseract(data_dir: Path, qapp: object) -> None:
    reader = CountingReader()
    rig = Rig(data_dir, reader=reader)
    try:
        rig.companion.pictures.schedule()  # the start's run, which retries pictures Tesseract was missing for
        rig.read_all()
        assert reader.asked == 0
        entry = rig.attach(ENGLISH)
        rig.read_all()
        assert reader.asked > 0 and rig.diary.pictures([entry])[entry][0].ocr_state == "done"
    finally:
        rig.close()
