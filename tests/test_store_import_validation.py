"""Import refuses hostile or broken files clearly (the first bad row by table, number and id) and writes
nothing; valid exports still import as before (see test_store_exchange.py)."""

from __future__ import annotations

import copy
import json
import tempfile
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.cli import main
from app.store import Diary, ImportRefused, InvalidValue, exchange
from app.store.db import SIDE_FILES
from app.store.exchange import BAD_FILE_HINT, MAX_IMPORT_BYTES, SPECS, TABLES, parse_export, read_export
from app.store.text import MAX_MESSAGE_CHARS

SECRET = "Walked Rex by the river"


def _populate(diary: Diary) -> None:
    day1 = diary.conversation_for_day(date(2026, 11, 30))
    day2 = diary.conversation_for_day(date(2026, 12, 1))
    first = diary.add_message(day1.id, "user", SECRET + ".", created_at=datetime(2026, 11, 30, 8, 5))
    diary.add_message(day1.id, "assistant", "How was the river today?")
    reply = diary.add_message(day2.id, "assistant", "Снег — как красиво", status="interrupted")
    diary.set_token_count(first.id, "smollm2", 9)
    diary.put_summary("rolling", str(day1.id), "Walk with Rex.", first.id, "tiny")
    diary.put_summary("weekly", "2026-W49", "A snowy week.", reply.id, "tiny")
    fact = diary.add_fact("Has a dog named Rex", kind="pet", importance=4, provenance_message_id=first.id)
    diary.edit_fact(fact.id, text="Has a beagle named Rex")
    diary.delete_fact(diary.add_fact("Old secret", source="automatic").id)
    reflection = diary.add_reflection("Walks in the morning")
    diary.revise_reflection(reflection.id, "Walks most mornings")


@cache
def _valid_export() -> str:
    with tempfile.TemporaryDirectory() as tmp, Diary.open(Path(tmp)) as diary:
        _populate(diary)
        return json.dumps(diary.export_json(), ensure_ascii=False)


def valid() -> dict[str, Any]:
    """A fresh copy of a valid export with a row in every table."""
    document: dict[str, Any] = json.loads(_valid_export())
    return document


def _files(diary: Diary) -> dict[str, bytes]:
    """The bytes of the diary file and its journal files (the shared-memory index is not data)."""
    found = {}
    for suffix in ("", *SIDE_FILES):
        path = Path(f"{diary.path}{suffix}")
        if path.exists() and suffix != "-shm":
            found[suffix] = path.read_bytes()
    return found


def assert_refused(diary: Diary, document: Any, message: str) -> ImportRefused:
    """Import ``document``: it must be refused with ``message`` and leave the diary exactly as it was."""
    before_files, before = _files(diary), diary.export_json()
    with pytest.raises(ImportRefused) as caught:
        diary.import_json(document)
    assert str(caught.value) == message
    assert caught.value.hint == BAD_FILE_HINT and "Nothing was imported" in caught.value.hint
    assert SECRET not in str(caught.value) and "Traceback" not in str(caught.value)
    assert diary.export_json() == before
    assert all(not before[key] for key, _table in TABLES)  # still empty: nothing half-imported
    assert _files(diary) == before_files
    return caught.value


def test_a_message_of_150_million_characters_is_refused(data_dir: Path) -> None:
    document = valid()
    document["messages"][2]["text"] = "x" * 150_000_000
    with Diary.open(data_dir) as diary:
        assert_refused(
            diary,
            document,
            'Row 3 of "message" (id 3): the text has 150,000,000 characters; at most 200,000 are allowed.',
        )
        document["messages"][2]["text"] = "x" * (MAX_MESSAGE_CHARS + 1)
        assert_refused(
            diary,
            document,
            'Row 3 of "message" (id 3): the text has 200,001 characters; at most 200,000 are allowed.',
        )
        document["messages"][2]["text"] = "x" * MAX_MESSAGE_CHARS  # the limit itself is fine
        diary.import_json(document)
        assert len(diary.get_message(3).text) == MAX_MESSAGE_CHARS


@pytest.mark.parametrize("empty", ["", "   \n\t "])
def test_a_message_with_empty_text_is_refused(data_dir: Path, empty: str) -> None:
    document = valid()
    document["messages"][1]["text"] = empty
    with Diary.open(data_dir) as diary:
        assert_refused(diary, document, 'Row 2 of "message" (id 2): the text is empty.')


def test_an_impossible_day_is_refused(data_dir: Path) -> None:
    document = valid()
    document["conversations"][1]["day"] = "2026-02-30"
    with Diary.open(data_dir) as diary:
        message = 'Row 2 of "conversation" (id 2): the day is not a valid date (YYYY-MM-DD).'
        assert_refused(diary, document, message)
        document = valid()
        document["facts"][0]["created_at"] = "2026-02-30 10:00:00.000000"
        assert_refused(
            diary,
            document,
            'Row 1 of "fact" (id 1): the created_at is not a valid date and time (YYYY-MM-DD HH:MM:SS).',
        )


def test_a_message_of_a_conversation_not_in_the_file_is_refused(data_dir: Path) -> None:
    document = valid()
    document["messages"][1]["conversation_id"] = 99
    with Diary.open(data_dir) as diary:
        assert_refused(
            diary,
            document,
            'Row 2 of "message" (id 2): the conversation_id refers to no row of "conversation" in the file.',
        )


def test_other_dangling_references_are_refused(data_dir: Path) -> None:
    cases = [
        ("token_counts", 0, "message_id", 42, 'Row 1 of "message_token_count" (message_id 42): the message_id'
         ' refers to no row of "message" in the file.'),
        ("facts", 0, "provenance_message_id", 42, 'Row 1 of "fact" (id 1): the provenance_message_id refers'
         ' to no row of "message" in the file.'),
        ("fact_versions", 1, "fact_id", 42, 'Row 2 of "fact_version" (id 2): the fact_id refers to no row of'
         ' "fact" in the file.'),
        ("reflections", 0, "superseded_by", 42, 'Row 1 of "reflection" (id 1): the superseded_by refers to no'
         ' row of "reflection" in the file.'),
    ]
    with Diary.open(data_dir) as diary:
        for key, row, field, value, message in cases:
            document = valid()
            document[key][row][field] = value
            assert_refused(diary, document, message)
        document = valid()
        document["facts"][0]["provenance_message_id"] = None  # a provenance may be unknown
        diary.import_json(document)


def test_a_duplicate_id_is_refused(data_dir: Path) -> None:
    document = valid()
    document["messages"][2]["id"] = 1
    with Diary.open(data_dir) as diary:
        assert_refused(diary, document, 'Row 3 of "message" (id 1): the id is already used by row 1.')
        document = valid()
        document["summaries"][1]["scope"] = document["summaries"][0]["scope"]
        document["summaries"][1]["kind"] = document["summaries"][0]["kind"]
        assert_refused(
            diary, document, 'Row 2 of "summary" (id 2): the kind and scope are already used by row 1.'
        )


def test_an_unknown_role_status_or_kind_is_refused(data_dir: Path) -> None:
    cases = [
        ("messages", "role", "wizard", 'Row 1 of "message" (id 1): the role is not one of user, assistant,'
         " system."),
        ("messages", "status", "lost", 'Row 1 of "message" (id 1): the status is not one of complete,'
         " interrupted."),
        ("facts", "kind", "secret", 'Row 1 of "fact" (id 1): the kind is not one of person, pet, project,'
         " preference, habit, health, place, reminder, other."),
        ("facts", "source", "guess", 'Row 1 of "fact" (id 1): the source is not one of manual, automatic.'),
        ("summaries", "kind", "yearly", 'Row 1 of "summary" (id 1): the kind is not one of rolling, daily,'
         " weekly."),
        ("facts", "importance", 9, 'Row 1 of "fact" (id 1): the importance is not a whole number from 1'
         " to 5."),
        ("facts", "text", "x" * 601, 'Row 1 of "fact" (id 1): the text has 601 characters; at most 600 are'
         " allowed."),
        ("forgotten_facts", "salt", "not hex", 'Row 1 of "forgotten_fact" (id 1): the salt is not a'
         " hexadecimal fingerprint."),
    ]
    with Diary.open(data_dir) as diary:
        for key, field, value, message in cases:
            document = valid()
            document[key][0][field] = value
            assert_refused(diary, document, message)


def test_the_message_never_repeats_the_diary_text(data_dir: Path) -> None:
    document = valid()
    document["messages"][0]["role"] = SECRET
    document["messages"][1]["id"] = SECRET
    with Diary.open(data_dir) as diary:
        error = assert_refused(
            diary, document, 'Row 1 of "message" (id 1): the role is not one of user, assistant, system.'
        )
        assert SECRET not in error.hint
        document["messages"][0]["role"] = "user"
        assert_refused(diary, document, 'Row 2 of "message": the id is not a whole number from 1.')


def test_a_file_nested_too_deeply_is_refused(data_dir: Path, tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000, encoding="utf-8")
    with pytest.raises(ImportRefused, match="nests its JSON too deeply"):
        read_export(deep)
    with pytest.raises(ImportRefused, match="nests its JSON too deeply"):
        parse_export('{"format": "hearth-diary", "messages": ' + "[" * 200_000 + "]" * 200_000 + "}")


def test_files_that_are_not_json_or_too_big_are_refused(tmp_path: Path) -> None:
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{}")
    with pytest.raises(ImportRefused, match="not UTF-8"):
        read_export(binary)
    broken = tmp_path / "broken.json"
    broken.write_text('{"format":\n  nope}', encoding="utf-8")
    with pytest.raises(ImportRefused, match=r"not valid JSON \(line 2, column 3\)"):
        read_export(broken)
    with pytest.raises(ImportRefused, match="not valid JSON"):
        parse_export('{"n": ' + "9" * 5000 + "}")  # past Python's digit limit: a ValueError
    huge = tmp_path / "huge.json"
    with huge.open("wb") as fh:  # sparse: nothing is really written
        fh.truncate(MAX_IMPORT_BYTES + 1)
    with pytest.raises(ImportRefused, match="bigger than 512 MB"):
        read_export(huge)
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + _valid_export().encode("utf-8"))
    assert read_export(bom) == valid()


def test_a_document_of_the_wrong_shape_is_still_an_invalid_value(data_dir: Path) -> None:
    document = valid()
    document["messages"] = {"not": "a list"}
    with Diary.open(data_dir) as diary:
        with pytest.raises(InvalidValue, match='The export\'s "messages" is not a list of rows.'):
            diary.import_json(document)
        assert diary.export_json()["conversations"] == []


def test_every_column_has_a_check() -> None:
    for key, table in TABLES:
        assert set(SPECS[key].checks) == set(table.model_fields), key


def test_a_valid_export_with_aware_times_and_missing_defaults_imports(data_dir: Path) -> None:
    document = valid()
    del document["messages"][0]["status"]
    del document["facts"][0]["retired"]
    document["conversations"][0]["created_at"] = "2026-11-30T08:00:00+00:00"
    with Diary.open(data_dir) as diary:
        diary.import_json(document)
        exported = diary.export_json()
    assert exported["messages"][0]["status"] == "complete" and exported["facts"][0]["retired"] is False


# -- the command line ---------------------------------------------------------------------------------


def run(data_dir: Path, *argv: str) -> int:
    return main(["--data-dir", str(data_dir), *argv])


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (lambda: "[" * 200_000, "nests its JSON too deeply"),
        (lambda: _mutated("messages", 1, "text", ""), 'Row 2 of "message" (id 2): the text is empty.'),
        (lambda: _mutated("conversations", 0, "day", "2026-02-30"), 'Row 1 of "conversation" (id 1): the'),
        (lambda: _mutated("messages", 0, "role", "x"), 'Row 1 of "message" (id 1): the role is not one of'),
    ],
)
def test_cli_import_of_a_bad_file_says_why_and_exits_non_zero(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], body: Any, message: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(body(), encoding="utf-8")
    assert run(data_dir, "import", str(bad)) == 1
    captured = capsys.readouterr()
    assert message in captured.err and "Nothing was imported" in captured.err
    assert len(captured.err.strip().splitlines()) == 1 and "Traceback" not in captured.err
    assert captured.out == ""
    with Diary.open(data_dir) as diary:
        assert diary.list_conversations() == [] and diary.list_facts() == []


def _mutated(key: str, row: int, field: str, value: Any) -> str:
    document = valid()
    document[key][row][field] = value
    return json.dumps(document)


# -- random mutations -----------------------------------------------------------------------------------

VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, 2, 3, 5, 6, 99, 2**63 - 1, 2**63]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(
        ["", " ", "user", "assistant", "complete", "pet", "automatic", "daily", "2026-02-30", "2026-12-01",
         "2026-12-01 08:00:00", "2026-12-01T08:00:00+05:00", "0" * 64, "ab", "\x00", "\ud800"]
    ),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@st.composite
def mutations(draw: st.DrawFn) -> Any:
    document = valid()
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        key = draw(st.sampled_from([key for key, _table in TABLES]))
        rows = document[key]
        action = draw(st.sampled_from(["set", "drop-field", "drop-row", "copy-row", "not-a-row", "table"]))
        if action == "table":  # (a table that is not a list at all is an InvalidValue: test above)
            document[key] = draw(st.lists(VALUES, max_size=3))
            continue
        if not isinstance(rows, list) or not rows:
            continue
        index = draw(st.integers(min_value=0, max_value=len(rows) - 1))
        row = rows[index]
        if action == "drop-row":
            del rows[index]
        elif action == "copy-row":
            rows.append(copy.deepcopy(row))
        elif action == "not-a-row":
            rows[index] = draw(VALUES)
        elif isinstance(row, dict) and row:
            field = draw(st.sampled_from(sorted(row)))
            if action == "drop-field":
                del row[field]
            else:
                row[field] = draw(VALUES)
    return document


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document=mutations())
def test_random_mutations_import_or_are_refused_cleanly(document: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp, Diary.open(Path(tmp)) as diary:
        before_files = _files(diary)
        try:
            diary.import_json(parse_export(json.dumps(document)))
        except ImportRefused as exc:
            assert str(exc).startswith(("Row ", "The export's")), str(exc)
            assert SECRET not in str(exc)
            assert all(not rows for rows in diary.export_json().values() if isinstance(rows, list))
            assert _files(diary) == before_files
        else:
            again = diary.export_json()  # what was imported reads back
            assert len(again["messages"]) == len(document["messages"])


def test_the_total_size_and_row_caps(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    document = valid()
    rows = [row for key, _table in TABLES for row in document[key]]
    total = sum(len(value) for row in rows for value in row.values() if isinstance(value, str))
    with Diary.open(data_dir) as diary:
        monkeypatch.setattr(exchange, "MAX_IMPORT_ROWS", 3)
        with pytest.raises(ImportRefused, match=r"^The export has \d+ rows; at most 3 can be imported"):
            diary.import_json(document)
        monkeypatch.setattr(exchange, "MAX_IMPORT_ROWS", 10_000_000)
        monkeypatch.setattr(exchange, "MAX_IMPORT_CHARS", total - 1)
        with pytest.raises(ImportRefused, match=r'^Row \d+ of "\w+".*: the export has more than'):
            diary.import_json(document)
        assert diary.export_json()["conversations"] == []
        monkeypatch.setattr(exchange, "MAX_IMPORT_CHARS", total)
        diary.import_json(document)
