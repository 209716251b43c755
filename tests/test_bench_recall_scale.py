"""The recall-at-scale benchmark (``python -m tests.bench.store --recall``) on a small diary: it times every
stage of ``Recall.find`` with the real embedder and tokenizer, and stops rather than report what it did not
measure."""

from __future__ import annotations

import json

import pytest

from tests.bench import recall_scale, store


def test_the_store_bench_reports_every_stage_of_a_recall(capsys: pytest.CaptureFixture[str]) -> None:
    store.main(["--recall", "--messages", "600", "--json"])
    result = json.loads(capsys.readouterr().out)
    assert result["messages"] == 600 and result["target_ms_p95"] == 60
    assert result["embedder"].startswith("e5-small") and result["tokenizer"] == "vocab:ggml-vocab-qwen2.gguf"
    assert result["index_bytes_per_message"]["vector"] == 900.0  # 896 int8 components and a scale
    sizes = result["index_bytes_per_message"]
    assert sizes["file"] >= 900 and sizes["memory"] > 900
    cold, warm = result["cold"], result["warm"]
    for stage in recall_scale.REQUIRED_STAGES:
        assert stage in cold["stages"], stage
    assert cold["stages"]["find"]["queries"] == len(recall_scale.QUESTIONS)
    assert 0 < cold["stages"]["embed"]["p50"] <= cold["stages"]["embed"]["p95"]
    assert result["find_ms_p95_cold"] == cold["find_ms_p95"] >= cold["find_ms_p50"] > 0
    assert cold["stages"]["find/pack/count"]["queries"] > 0  # the first recall of the entries counts them
    assert "find/pack/store_counts" not in warm["stages"]  # the second reads the counts stored
    typed = result["typed"]  # each question recalled once before, as the budget gauge does while it is typed
    assert typed["stages"]["find"]["queries"] == len(recall_scale.QUESTIONS)
    assert "embed/e5-small-q4" not in typed["stages"] and "embed/e5-small-q4" in warm["stages"]
    assert result["find_ms_p95_typed"] == typed["find_ms_p95"] > 0
    assert 0 < result["count_ahead_ms_per_message"] < 50
    assert cold["entries_mean"] > 0 and 0.5 < cold["budget_used_mean"] <= 1.0


def test_what_it_cannot_measure_stops_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(recall_scale.SemanticMemory, "load", lambda self: None)  # the index never loads
    with pytest.raises(SystemExit, match="not measured: the semantic index"):
        recall_scale.run(300, 3284, "e5+use", "qwen2.5-3b", seed=1)


def test_the_questions_can_be_embedded_in_the_meaning_models_own_process_as_the_app_does() -> None:
    result = recall_scale.run(600, 3284, "e5+use", "qwen2.5-3b", seed=7, process=True)
    assert result["embedding_process"] is True
    for name in ("cold", "warm", "typed"):
        assert result[name]["stages"]["embed"]["queries"] == len(recall_scale.QUESTIONS)
    assert "embed/e5-small-q4" not in result["warm"]["stages"]  # the models run in the child, not here
