"""QA 23: a picture's stored marker ("[picture: NAME, DATE]") is said in the interface's words in search
hits — the sidebar's and ``hearth search``'s — and in ``hearth rm``'s question, as the delete question
in the window already says it; also when the snippet's window cuts the marker or marks words in it.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from app.cli.i18n import set_language
from app.store import Diary, SearchHit
from app.ui.picture_marker import MARKER, said_in_snippet, said_pictures
from app.ui.sidebar import hit_entry

DAY = date(2026, 12, 5)
FILLER = " ".join(f"w{i}" for i in range(30))


@pytest.fixture
def diary(data_dir: Path) -> Iterator[Diary]:
    opened = Diary.open(data_dir)
    conversation = opened.conversation_for_day(DAY)
    opened.add_message(conversation.id, "user", f"{FILLER} alpha\n\n[picture: my-receipt.png, 2026-12-05]\n"
                                                f"{FILLER} omega")
    opened.add_message(conversation.id, "user", f"[picture: shop.png, 2026-12-05]\nbeta {FILLER}")
    yield opened
    opened.close()


def snippets(diary: Diary, word: str) -> list[str]:
    return [hit.snippet for hit in diary.search(word)]


@pytest.mark.parametrize("word", ["alpha", "my", "receipt", "2026", "picture", "beta", "w1", "w25", "w28"])
def test_no_snippet_keeps_the_stored_marker(diary: Diary, word: str) -> None:
    found = snippets(diary, word)
    assert found
    for snippet in found:
        said = said_in_snippet(snippet, "[картинка: {name}]")
        assert "picture" not in said and "2026" not in said and "12-05" not in said, (snippet, said)


def test_the_store_snippets_cut_markers_said_with_the_cut_shown(diary: Diary) -> None:
    words = ("receipt", "beta", "w28", "w25")
    said = {said_in_snippet(s, MARKER) for word in words for s in snippets(diary, word)}
    assert "[picture: …my-⟦receipt⟧.png]\nw0 w1 w2 w3 w4 w5 w6 w7 w8 w9…" in said  # a name perhaps cut
    assert any(s.startswith("[picture: …shop.png]\n⟦beta⟧") for s in said)
    assert any(s.endswith("alpha\n\n[picture: my-receipt.png]…") for s in said)  # only the date was cut
    assert any(s.endswith("alpha\n\n[picture: my-receipt…]") for s in said)  # the name was cut


def test_whole_markers_and_ordinary_text() -> None:
    text = "Shop [1] at 5, 2026\n\n[picture: a, b.png, 2026-12-05]\nMILK\n\n[picture: c.png, 2026-01-02]"
    said = said_pictures(text, "[картинка: {name}]")
    assert said == "Shop [1] at 5, 2026\n\n[картинка: a, b.png]\nMILK\n\n[картинка: c.png]"
    assert said_in_snippet("…2] and w1 w2…", MARKER) == "…2] and w1 w2…"  # not a date's end: left alone


def test_the_sidebar_says_a_picture_in_russian(russian: None, diary: Diary) -> None:
    entry = hit_entry(diary.search("beta")[0], today=DAY)
    assert entry.detail.startswith("[картинка: …shop.png] beta") and "2026" not in entry.detail
    direct = SearchHit(message_id=1, conversation_id=1, day=DAY, role="user", rank=0.0,
                       snippet="caption [picture: ⟦receipt⟧.png, 2026-12-05] ⟦MILK⟧ 2.50", text="")
    entry = hit_entry(direct, today=DAY)
    assert entry.detail == "caption [картинка: receipt.png] MILK 2.50"
    assert [entry.detail[a:b] for a, b in entry.marks] == ["receipt", "MILK"]  # matches stay bold


def test_the_sidebar_in_english_drops_the_date(qapp: Any, diary: Diary) -> None:
    entry = hit_entry(diary.search("beta")[0], today=DAY)
    assert entry.detail.startswith("[picture: …shop.png] beta") and "2026" not in entry.detail


def test_hearth_search_and_rm_say_a_picture_in_russian(
    diary: Diary, data_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    diary.close()
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    try:
        assert main(["--data-dir", str(data_dir), "search", "beta"]) == 0
        out = capsys.readouterr().out
        assert "[картинка: …shop.png] ⟦beta⟧" in out and "2026-12-05]" not in out
        assert main(["--data-dir", str(data_dir), "rm", "2"]) == 1
        err = capsys.readouterr().err
        assert "[картинка: shop.png] beta" in err and "[picture" not in err
        assert main(["--data-dir", str(data_dir), "search", "beta", "--json"]) == 0
        assert "…shop.png, 2026-12-05]" in capsys.readouterr().out  # JSON: the stored snippet, as it is
    finally:
        set_language("en")
