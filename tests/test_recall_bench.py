"""The recall benchmark's own pieces: LoCoMo dates and evidence ids, and one run on the Russian sample."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from tests.bench.locomo_ids import evidence_ids
from tests.bench.recall import main, parse_session_time

RUSSIAN_SAMPLE = Path(__file__).parent / "data" / "locomo_ru_sample.json"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("1:56 pm on 8 May, 2023", datetime(2023, 5, 8, 13, 56)),
        ("12:05 am on 1 January, 2024", datetime(2024, 1, 1, 0, 5)),
        ("12:40 pm on 27 March, 2022", datetime(2022, 3, 27, 12, 40)),
        ("8 мая 2023, 13:56", datetime(2023, 5, 8, 13, 56)),
        ("2023-05-08T09:30", datetime(2023, 5, 8, 9, 30)),
        ("1:56 pm on May 8, 2023", datetime(2023, 5, 8, 13, 56)),
        ("May 8, 2023", datetime(2023, 5, 8, 12, 0)),
        ("13:56 08.05.2023", datetime(2023, 5, 8, 13, 56)),
        ("8 мая 2023 года в 13:56", datetime(2023, 5, 8, 13, 56)),
    ],
)
def test_session_dates(raw: str, expected: datetime) -> None:
    assert parse_session_time(raw) == expected


def test_an_unreadable_date_says_what_was_expected() -> None:
    with pytest.raises(ValueError, match="1:56 pm on 8 May, 2023"):
        parse_session_time("sometime last spring")


def test_evidence_ids_are_normalized() -> None:
    assert evidence_ids(["D30:05", "D8:6; D9:17", "D1:3", "D1:3"]) == ["D30:5", "D8:6", "D9:17", "D1:3"]
    assert evidence_ids(["D"]) == []


def test_the_russian_sample_runs_end_to_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--budget", "3284", str(RUSSIAN_SAMPLE)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["n_questions"] == 22  # category 5 left out
    assert set(result["by_category"]) == {"1", "2", "3", "4"}
    assert result["overall"] >= 0.8
    # what recall packed per question: some entries, within the budget, and the mean cost of one of them
    entries, tokens = result["recalled_entries_mean"], result["recalled_tokens_mean"]
    assert entries > 0 and 0 < tokens < 3284
    assert result["tokens_per_recalled_entry"] == pytest.approx(tokens / entries, abs=0.01)


def test_the_original_nested_layout_a_list_of_samples_and_an_odd_date_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    flat = json.loads(RUSSIAN_SAMPLE.read_text(encoding="utf-8"))
    qa = flat.pop("qa")
    flat["session_2_date_time"] = "sometime last spring"
    nested = tmp_path / "nested.json"
    nested.write_text(json.dumps([{"sample_id": "ru", "qa": qa, "conversation": flat}]), encoding="utf-8")
    assert main(["--budget", "3284", str(nested)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["n_questions"] == 22
    assert "warning: unreadable session date 'sometime last spring'" in captured.err


def test_the_budget_counts_a_recommended_models_tokens_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    """The budget is a 3B model's window: its tokenizer (vocabulary only, in the repo) counts it. The tiny
    model's English-centric one spends about twice the tokens on Russian — the reason for the default."""
    from app.llm.catalog import load_catalog
    from tests.bench.recall_context import VOCABS, CountingModel

    assert set(VOCABS) <= {entry.name for entry in load_catalog()}, "a vocabulary for a model not recommended"
    assert next(iter(VOCABS)) == load_catalog()[0].name, "the default is the first recommended model's"
    assert main(["--budget", "3284", str(RUSSIAN_SAMPLE)]) == 0
    assert json.loads(capsys.readouterr().out)["tokenizer"] == "vocab:ggml-vocab-qwen2.gguf"
    sentence = "Сегодня ходила к врачу: у меня аллергия на киви, и теперь ясно, почему чесалось горло."
    qwen, tiny = CountingModel(VOCABS["qwen2.5-3b"]), CountingModel()
    try:
        assert qwen.count_tokens(sentence) * 1.5 < tiny.count_tokens(sentence)
    finally:
        qwen.close()
        tiny.close()


def _with_observations(sample: dict[str, object]) -> dict[str, object]:
    """The Russian sample with LoCoMo-style observations: well-formed, several sources, and malformed."""
    return {
        **sample,
        "session_1_observation": {
            "Марина": [
                ["Марина с мужем взяли из приюта рыжую собаку Бусю.", "D1:3"],
                ["Марина записывает длинные дни.", ["D1:1", "D1:3"]],
                ["Источник вне дневника.", "D99:1"],
                "не пара",
            ],
            "Олег": [["Олег расспрашивает Марину.", "D1:2"]],
        },
        "session_2_observation": {"Марина": [["Второй факт Марины.", "D2:1, D2:3"]]},
    }


def test_observations_are_read_in_session_order_with_odd_entries_kept_as_empty() -> None:
    from tests.bench.recall_facts import observations

    sample = _with_observations(json.loads(RUSSIAN_SAMPLE.read_text(encoding="utf-8")))
    found = observations(sample, "a")
    assert found[0] == ("Марина с мужем взяли из приюта рыжую собаку Бусю.", ["D1:3"])
    assert found[1][1] == ["D1:1", "D1:3"]
    assert found[3] == ("", [])  # not a [text, ids] pair
    assert found[4] == ("Второй факт Марины.", ["D2:1", "D2:3"])
    assert observations(sample, "b") == [("Олег расспрашивает Марину.", ["D1:2"])]
    assert len(observations(sample, "both")) == 6


def test_facts_are_saved_with_their_source_and_the_oldest_retired_past_the_cap(tmp_path: Path) -> None:
    from app.store import Diary
    from tests.bench.recall import ingest
    from tests.bench.recall_facts import FactOptions, save_facts

    sample = _with_observations(json.loads(RUSSIAN_SAMPLE.read_text(encoding="utf-8")))
    diary = Diary.open(tmp_path)
    try:
        data = ingest(sample, diary)
        counts = save_facts(sample, diary, data.message_ids, FactOptions("a", cap=2))
        assert (counts.saved, counts.live, counts.skipped) == (3, 2, 2)  # D99:1 and the malformed one
        live = sorted(diary.list_facts(), key=lambda f: f.id or 0)
        assert [f.text for f in live] == ["Марина записывает длинные дни.", "Второй факт Марины."]
        assert live[0].provenance_message_id == data.message_ids["D1:1"]  # the first source in the diary
        assert all(f.source == "automatic" for f in live)
        assert len(diary.list_facts(include_retired=True)) == 3
    finally:
        diary.close()


def test_facts_from_observations_are_indexed_and_counted_in_the_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample = _with_observations(json.loads(RUSSIAN_SAMPLE.read_text(encoding="utf-8")))
    path = tmp_path / "observed.json"
    path.write_text(json.dumps(sample, ensure_ascii=False), encoding="utf-8")
    assert main(["--budget", "3284", "--facts", "observation", "--facts-cap", "0", str(path)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["facts"], result["facts_skipped"]) == (3, 2)
    assert result["facts_from"] == "observation:a:cap0"
    assert result["fact_vectors"] == 3  # the app's indexer embedded them
    assert main(["--budget", "3284", "--facts", "observation", str(RUSSIAN_SAMPLE)]) == 0
    assert json.loads(capsys.readouterr().out)["facts"] == 0  # no observations: run without facts


def test_who_answers_play_the_panels_questions_one_after_another(tmp_path: Path) -> None:
    """``--facts who``: the app's own detector asks, the diarist's answer becomes a fact of kind person in the
    words "Say who…" starts, a None is "Not now", and the next question follows."""
    from datetime import date

    from app.store import Diary
    from tests.bench.recall_facts import answer_who

    diary = Diary.open(tmp_path)
    try:
        for day in range(1, 7):
            conversation = diary.conversation_for_day(date(2026, 1, day)).id or 0
            text = f"Потом Дима звонил, и Палыч зашёл, и Светка писала, день {day}."
            diary.add_message(conversation, "user", text if day > 1 else text + " Дима пришёл поздно.")
        counts = answer_who(diary, {"Дима": "муж", "Палыч": None}, asked=3)
        saved = [(f.text, f.kind, f.source) for f in diary.list_facts()]
        assert saved == [("Дима — муж", "person", "manual")]
        assert diary.not_now_names() == ["Палыч", "Светка"]  # an unknown name is "Not now" too
        assert (counts.asked, counts.answered, counts.not_now, counts.unknown) == (3, 1, 2, 1)  # Светка
    finally:
        diary.close()


def test_who_answers_are_counted_in_the_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({RUSSIAN_SAMPLE.name: {}}), encoding="utf-8")
    args = ["--budget", "3284", "--facts", "who", "--who-answers", str(answers), str(RUSSIAN_SAMPLE)]
    assert main(args) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["facts_from"] == "who:answers.json" and result["overall"] >= 0.8
    assert set(result["who"]) == {"asked", "answered", "not_now", "unknown"}
    answers.write_text("{}", encoding="utf-8")
    assert main(args) == 2  # no answers for a file: said, not run without them
