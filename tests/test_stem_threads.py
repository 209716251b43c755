"""The Snowball stemmer keeps the word it works on in itself: threads stemming at once (recall on a worker,
search on another, the facts filter on the window's) must each get their own words' stems (review, session
24: one shared stemmer gave wrong stems and IndexErrors, and recall caches a stem for the process's life)."""

from __future__ import annotations

import sys
import threading

from app.store import snowball_stem

WORDS = ["переезжаем", "собаками", "воспитательница", "walking", "studies", "happiness", "дачу", "Ёжика"]


def test_threads_stemming_at_once_get_their_own_stems() -> None:
    expected = {w: snowball_stem(w.lower()) for w in WORDS}
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns between almost every bytecode
    try:
        wrong: list[str] = []
        start = threading.Barrier(4)

        def stem_many(offset: int) -> None:
            start.wait()
            for n in range(3000):
                word = WORDS[(n + offset) % len(WORDS)]
                try:
                    if snowball_stem(word.lower()) != expected[word]:
                        wrong.append(word)
                except IndexError:
                    wrong.append(f"IndexError on {word}")

        threads = [threading.Thread(target=stem_many, args=(k,)) for k in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert wrong == []
