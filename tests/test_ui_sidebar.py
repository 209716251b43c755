"""The sidebar's search results: what a real diary search shows — the snippet as words, the match in bold,
never the store's markers."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QImage, QPainter
from PySide6.QtWidgets import QStyleOptionViewItem

from app.store import SNIPPET_CLOSE, SNIPPET_OPEN, Diary, SearchHit
from app.ui.sidebar import ENTRY_ROLE, EntryDelegate, Sidebar, SidebarEntry, parse_snippet

MESSAGE = "This morning I walked Rex by the old river."


@pytest.fixture
def hits(data_dir: Path) -> Iterator[list[SearchHit]]:
    """A real search ("Rex") over a real diary with one matching and one other message today."""
    diary = Diary.open(data_dir)
    try:
        conversation_id = diary.conversation_for_day(date.today()).id or 0
        diary.add_message(conversation_id, "user", MESSAGE)
        diary.add_message(conversation_id, "assistant", "How was the river today?")
        yield diary.search("Rex")
    finally:
        diary.close()


@pytest.fixture
def sidebar(qtbot, hits: list[SearchHit]) -> Sidebar:
    sidebar = Sidebar()
    qtbot.addWidget(sidebar)
    sidebar.search_box.setText("Rex")  # results are only taken for the query in the box
    sidebar.set_search_results("Rex", hits)
    return sidebar


class RecordingPainter(QPainter):
    """A painter that notes every text it draws and whether its font was bold at the time."""

    def __init__(self, image: QImage) -> None:
        super().__init__(image)
        self.texts: list[tuple[str, bool]] = []

    def drawText(self, *args: object) -> None:  # type: ignore[override]
        self.texts.append((str(args[-1]), self.font().weight() >= QFont.Weight.Bold))
        super().drawText(*args)  # type: ignore[call-overload]


def paint(sidebar: Sidebar, row: int, width: int) -> list[tuple[str, bool]]:
    """What the delegate paints for ``row`` of the results at ``width`` pixels: (text, bold) pieces."""
    view = sidebar.hits_view
    delegate = view.itemDelegate()
    assert isinstance(delegate, EntryDelegate)
    option = QStyleOptionViewItem()
    option.initFrom(view)
    index = sidebar.hits.index(row)
    option.rect = QRect(0, 0, width, delegate.sizeHint(option, index).height())
    image = QImage(width, option.rect.height(), QImage.Format.Format_ARGB32)
    painter = RecordingPainter(image)
    try:
        delegate.paint(painter, option, index)
    finally:
        painter.end()
    return painter.texts[1:]  # after the title


def test_a_search_hit_reads_as_the_diary_text_without_markers(sidebar: Sidebar) -> None:
    assert sidebar.hits.rowCount() == 1
    index = sidebar.hits.index(0)
    shown = index.data(Qt.ItemDataRole.DisplayRole)
    assert shown == f"Today · You: {MESSAGE}"
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole)
    for role in roles:
        text = index.data(role)
        assert SNIPPET_OPEN not in text and SNIPPET_CLOSE not in text
    entry: SidebarEntry = index.data(ENTRY_ROLE)
    assert entry.detail == MESSAGE
    assert entry.detail[slice(*entry.marks[0])] == "Rex"


def test_the_delegate_paints_the_match_in_bold(sidebar: Sidebar) -> None:
    painted = paint(sidebar, 0, 600)
    assert painted == [("This morning I walked ", False), ("Rex", True), (" by the old river.", False)]


def test_a_narrow_sidebar_elides_the_snippet_and_still_shows_no_markers(sidebar: Sidebar) -> None:
    painted = paint(sidebar, 0, 150)
    text = "".join(piece for piece, _bold in painted)
    assert text.endswith("…") and len(text) < len(MESSAGE)
    assert SNIPPET_OPEN not in text and SNIPPET_CLOSE not in text


def test_snippets_are_parsed_into_text_and_match_spans() -> None:
    marked = f"…the  {SNIPPET_OPEN}old{SNIPPET_CLOSE}\nriver and {SNIPPET_OPEN}Rex{SNIPPET_CLOSE}"
    text, marks = parse_snippet(marked)
    assert text == "…the old river and Rex"
    assert [text[a:b] for a, b in marks] == ["old", "Rex"]
    assert parse_snippet(f"cut {SNIPPET_OPEN}off") == ("cut off", ())  # an unbalanced marker never shows
