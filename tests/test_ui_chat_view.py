"""The transcript: model/view/delegate behaviour a person notices — scrolling, streaming, Markdown, copy."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import QApplication

from app.ui.chat_model import ChatItem, ChatModel
from app.ui.chat_view import ChatView
from app.ui.markdown import neutralise, render_document

START = datetime(2026, 11, 2, 8, 0)


def items(n: int, first_id: int = 1) -> list[ChatItem]:
    return [
        ChatItem(
            i,
            "user" if i % 2 else "assistant",
            f"Entry {i}: a walk by the river, **cold** but bright. " + "More words here. " * (i % 5),
            START + timedelta(minutes=i),
        )
        for i in range(first_id, first_id + n)
    ]


@pytest.fixture
def view(qtbot) -> ChatView:
    model = ChatModel()
    chat = ChatView(model)
    qtbot.addWidget(chat)
    chat.resize(700, 500)
    chat.show()
    qtbot.waitExposed(chat)
    return chat


def settle(qtbot, view: ChatView) -> None:
    view.doItemsLayout()
    qtbot.waitUntil(lambda: not view.chat_model.canFetchMore() or True)


def test_only_the_newest_page_is_rows_and_older_pages_appear_at_the_top(qtbot, view: ChatView) -> None:
    model = view.chat_model
    model.set_conversation(1, items(5000))
    assert model.rowCount() == model.page_size
    assert model.item(model.rowCount() - 1).message_id == 5000
    qtbot.waitUntil(view.at_bottom)
    anchor = view.indexAt(view.viewport().rect().topLeft())
    anchor_id = model.item(anchor.row()).message_id
    view.verticalScrollBar().setValue(0)  # the person scrolls to the top
    qtbot.waitUntil(lambda: model.rowCount() > model.page_size)
    assert model.item(0).message_id < 5000 - model.page_size
    # the message that was at the top is still where it was relative to the content: nothing jumped to row 0
    assert view.verticalScrollBar().value() > 0
    assert model.row_of(anchor_id) is not None


def test_streaming_follows_only_when_at_the_bottom(qtbot, view: ChatView) -> None:
    model = view.chat_model
    model.set_conversation(1, items(300))
    qtbot.waitUntil(view.at_bottom)
    model.append(ChatItem(9001, "assistant", "", datetime.now(), streaming=True))
    for _ in range(60):
        model.append_token(9001, "growing reply text ")
    view.doItemsLayout()
    qtbot.waitUntil(view.at_bottom)  # at the bottom: it follows the reply

    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum() // 2)  # scrolled up to reread
    qtbot.waitUntil(lambda: not view.at_bottom())
    before = view.verticalScrollBar().value()
    for _ in range(60):
        model.append_token(9001, "more text arriving while reading ")
    view.doItemsLayout()
    QApplication.processEvents()
    assert view.verticalScrollBar().value() == before  # nothing moved under the person's eyes


def test_a_token_only_changes_its_own_row(qtbot, view: ChatView) -> None:
    model = view.chat_model
    model.set_conversation(1, items(20))
    model.append(ChatItem(99, "assistant", "", datetime.now(), streaming=True))
    changed: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda top, bottom, *_: changed.append((top.row(), bottom.row())))
    model.append_token(99, "Hel")
    model.append_token(99, "lo")
    row = model.row_of(99)
    assert changed == [(row, row), (row, row)]
    assert model.item(row).text == "Hello"
    model.finish(99, "Hello there", "interrupted")
    assert model.item(row).interrupted and not model.item(row).streaming


def test_five_thousand_messages_stay_smooth(qtbot, view: ChatView, monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading, streaming 200 tokens and jumping months back measure only the window of rows, never the
    whole conversation. Counted (rows measured), not timed: the stall figures are in tests/bench/ui.py."""
    model = view.chat_model
    delegate = view.chat_delegate
    measured = [0]
    size_hint = delegate.sizeHint

    def counting_size_hint(*args):  # noqa: ANN002, ANN202 - a pass-through spy
        measured[0] += 1
        return size_hint(*args)

    monkeypatch.setattr(delegate, "sizeHint", counting_size_hint)
    model.set_conversation(1, items(5000))
    view.doItemsLayout()
    window = model.rowCount()
    assert window <= 3 * model.page_size  # never all 5,000 rows
    assert measured[0] <= 3 * window
    model.append(ChatItem(9999, "assistant", "", datetime.now(), streaming=True))
    QApplication.processEvents()
    before = measured[0]
    for _ in range(200):
        model.append_token(9999, "word ")
        QApplication.processEvents()
    # A token re-measures at most the window (cached documents make that cheap), not the conversation.
    assert measured[0] - before <= 200 * (model.rowCount() + 10)
    assert model.rowCount() <= 3 * model.page_size
    assert view.jump_to(7)
    assert model.rowCount() <= 3 * model.page_size


def test_jump_selects_and_shows_the_message(qtbot, view: ChatView) -> None:
    model = view.chat_model
    model.set_conversation(1, items(2000))
    assert view.jump_to(150)
    row = model.row_of(150)
    assert row is not None
    index = model.index(row)
    assert view.selectionModel().isSelected(index)
    assert view.viewport().rect().intersects(view.visualRect(index))
    assert view.chat_delegate.highlight_id == 150
    assert not view.jump_to(123456)


def test_copy_puts_the_selected_messages_on_the_clipboard(qtbot, view: ChatView) -> None:
    model = view.chat_model
    model.set_conversation(1, items(3))
    view.selectAll()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    copied = QApplication.clipboard().text()
    assert copied.startswith("Entry 1:") and "Entry 3:" in copied


def test_context_menu_offers_regenerate_only_on_the_last_reply(qtbot, view: ChatView) -> None:
    model = view.chat_model
    model.set_conversation(1, items(4))  # ids 1..4: 4 is the last assistant reply
    last = model.row_of(4)
    assert last is not None
    labels_last = [a.text() for a in view.build_menu(last).actions()]
    labels_first = [a.text() for a in view.build_menu(0).actions()]
    assert "&Regenerate reply" in labels_last and "&Regenerate reply" not in labels_first
    with qtbot.waitSignal(view.regenerate_requested):
        next(a for a in view.build_menu(last).actions() if "Regenerate" in a.text()).trigger()


def test_raw_html_from_the_model_is_shown_as_text(qtbot) -> None:
    text = "Hi <b>bold</b> <script>alert(1)</script>\n\n<img src=x onerror=y>\n\n**real bold**"
    doc = render_document(text, QApplication.font(), 400)
    plain = doc.toPlainText()
    assert "<b>bold</b>" in plain and "<script>alert(1)</script>" in plain
    assert "<img src=x onerror=y>" in plain
    html = doc.toHtml()
    assert "<script" not in html and "<img" not in html and "&lt;script&gt;" in html
    assert "real bold" in plain and "**" not in plain  # Markdown itself still renders


def test_markdown_images_are_neutralised_but_code_is_untouched() -> None:
    assert neutralise("look ![a cat](file:///etc/passwd) here") == "look [image: a cat] here"
    assert neutralise("`![x](y)`") == "`![x](y)`"
    assert neutralise("```\n![x](y)\n```") == "```\n![x](y)\n```"
    doc = QTextDocument()
    doc.setMarkdown(neutralise("![](http://example.invalid/p.png)"))
    assert "<img" not in doc.toHtml()


def test_interrupted_and_streaming_items_are_measured_again_when_text_grows(qtbot, view: ChatView) -> None:
    model = view.chat_model
    model.set_conversation(1, [])
    model.append(ChatItem(1, "assistant", "short", datetime.now(), streaming=True))
    view.doItemsLayout()
    small = view.visualRect(model.index(0)).height()
    for _ in range(40):
        model.append_token(1, "a much longer line of streamed text that wraps ")
    qtbot.waitUntil(lambda: view.visualRect(model.index(0)).height() > small)


def test_the_day_shown_reloaded_unchanged_keeps_its_rows(qtbot) -> None:
    """The companion opens the day again once it is loaded: the same messages are no model reset (the
    whole transcript laid out and repainted for nothing); a changed message, another day, or a window
    moved into the past still are."""
    model = ChatModel()
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    model.set_conversation(1, items(20))
    model.set_conversation(1, items(20))
    assert len(resets) == 1 and model.rowCount() == 20
    changed = items(20)
    changed[-1].text += " And then it rained."
    model.set_conversation(1, changed)
    assert len(resets) == 2 and model.item(19).text.endswith("rained.")
    model.set_conversation(2, changed)
    assert len(resets) == 3 and model.conversation_id == 2
    paged = ChatModel(page_size=10)
    paged.set_conversation(1, items(60))
    paged.load_older(10)
    paged.set_conversation(1, items(60))  # unchanged: the older rows the person scrolled to stay
    assert paged.rowCount() == 20
    paged.reveal(5)  # a jump far into the past: the rows are a page around it
    paged.set_conversation(1, items(60))  # reloaded: back to the newest page
    assert paged.rowCount() == 10 and paged.shows_newest()


def test_a_dialog_opening_repaints_the_bubbles_only_if_their_colours_change(qtbot) -> None:
    """An item view repaints its whole viewport when its window becomes inactive (selections in the
    inactive colours). The bubbles use the palette and the selection only: with the same colours in both
    states the chat is left as it is (a plain list beside it, repainted, shows when the window's dirty parts
    were drawn); with other inactive colours it is repainted as before."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QDialog, QLineEdit, QListView, QVBoxLayout, QWidget

    class Paints(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.count: dict[QObject, int] = {}

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint:
                self.count[watched] = self.count.get(watched, 0) + 1
            return False

    window = QWidget()
    qtbot.addWidget(window)
    column = QVBoxLayout(window)
    model = ChatModel(window)
    chat, plain, editor = ChatView(model, window), QListView(window), QLineEdit(window)
    for part in (chat, plain, editor):
        column.addWidget(part)
    model.set_conversation(1, items(4))
    paints = Paints()
    for viewport in (chat.viewport(), plain.viewport()):
        viewport.installEventFilter(paints)
    window.resize(500, 600)

    def deactivated_then_painted() -> tuple[int, int]:
        """Activate the window, let it settle, open a dialog over it: the paints each view got then."""
        window.show()
        window.activateWindow()
        editor.setFocus()  # where a person's focus is: the composer, not the chat
        qtbot.waitUntil(lambda: window.isActiveWindow() and paints.count.get(plain.viewport(), 0) > 0)
        paints.count.clear()
        dialog = QDialog(window)
        qtbot.addWidget(dialog)
        dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(lambda: not window.isActiveWindow() and paints.count.get(plain.viewport(), 0) > 0)
        painted = paints.count.get(chat.viewport(), 0)
        dialog.close()
        return painted, paints.count[plain.viewport()]

    assert chat.palette().isEqual(QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive)
    assert deactivated_then_painted() == (0, 1)
    other = chat.palette()
    other.setColor(QPalette.ColorGroup.Inactive, QPalette.ColorRole.Highlight, Qt.GlobalColor.gray)
    chat.setPalette(other)
    chat_paints, _plain = deactivated_then_painted()
    assert chat_paints >= 1


def test_a_finished_bubble_is_drawn_again_when_what_it_says_changed(qtbot, view: ChatView) -> None:
    """Finished bubbles are copied from a drawing of their row. A day opened again makes new items (at
    version 0); a message whose words changed meanwhile, at the same size, must show its new words."""
    def grab() -> QImage:
        view.viewport().repaint()
        return view.viewport().grab().toImage()

    view.chat_model.set_conversation(1, items(3))
    settle(qtbot, view)
    before = grab()
    assert grab() == before  # copied from the drawing: the same pixels
    changed = items(3)
    changed[-1].text = changed[-1].text.replace("river", "rivet")  # same length, same size
    view.chat_model.set_conversation(1, changed)
    settle(qtbot, view)
    assert grab() != before
