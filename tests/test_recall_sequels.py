"""What happened next: the owner's later entries that name a rare name of one of recall's best hits come with
it (``Recall._with_sequels``), so a changed plan is found through the entry that first told of it."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from app.core.recall.finder import SEQUEL_MAX_DOCS, SEQUEL_WEIGHT, Recall
from app.store import Diary
from tests.diary_entries import write_entry

QUESTION = "Кто мой оппонент на защите?"
ROOMY = 2000  # tokens: every candidate fits, so what is found is what recall ranked at all


def _found(diary: Diary, engine: Any, question: str = QUESTION) -> dict[int, float]:
    today = diary.create_conversation(day=date(2026, 6, 1)).id
    found = Recall(diary, engine).find(question, ROOMY, conversation_id=today, exclude_message_ids=set())
    return {entry.message_id: entry.score for entry in found}


def test_a_later_entry_naming_the_best_hits_rare_name_comes_with_it(diary: Diary, tiny_engine: Any) -> None:
    told = write_entry(diary, date(2026, 1, 12), "Первым оппонентом на защите будет Сергей Леонидович Рыжов.")
    write_entry(diary, date(2026, 2, 3), "На раскопе опять дождь, весь день сидели в палатке.")
    changed = write_entry(diary, date(2026, 3, 9), "Рыжов написал, что не сможет: в марте у него операция.")
    found = _found(diary, tiny_engine)
    assert told in found and changed in found  # the second shares no word with the question
    assert found[changed] == pytest.approx(SEQUEL_WEIGHT * found[told])


def test_an_earlier_entry_or_the_companions_reply_naming_it_borrows_nothing(
    diary: Diary, tiny_engine: Any
) -> None:
    earlier = write_entry(diary, date(2025, 11, 2), "Рыжов читал у нас лекцию про берестяные грамоты.")
    told = write_entry(diary, date(2026, 1, 12), "Первым оппонентом на защите будет Сергей Леонидович Рыжов.")
    reply = write_entry(diary, date(2026, 3, 9), "Как здорово, что Рыжов согласился!", role="assistant")
    found = _found(diary, tiny_engine)
    assert told in found
    assert earlier not in found and reply not in found


def test_a_name_the_diary_uses_often_leads_nowhere(diary: Diary, tiny_engine: Any) -> None:
    told = write_entry(diary, date(2026, 1, 12), "Первым оппонентом на защите будет наш Артём Рыжов.")
    often = [
        write_entry(diary, date(2026, 2, day), f"Артём опять принёс пирожки, уже {day}-й раз.")
        for day in range(1, SEQUEL_MAX_DOCS + 1)
    ]
    found = _found(diary, tiny_engine)
    assert told in found
    assert not set(often) & set(found)  # Артём is in more than SEQUEL_MAX_DOCS entries


def test_it_works_alike_in_english(diary: Diary, tiny_engine: Any) -> None:
    told = write_entry(diary, date(2026, 1, 12), "At the vet, Biscuit was booked in for a dental.")
    write_entry(diary, date(2026, 2, 3), "Rain all day on the allotment, I sat in the shed.")
    after = write_entry(diary, date(2026, 3, 9), "Biscuit came home groggy and minus two molars.")
    found = _found(diary, tiny_engine, "What did the vet say about my cat?")
    assert found[after] == pytest.approx(SEQUEL_WEIGHT * found[told])
