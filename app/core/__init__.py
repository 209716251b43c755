"""The companion: one turn, the memory pyramid above the verbatim history, and the work between turns.

Where things live (never imports PySide6; the GUI and the CLI drive the same ``Companion``):

* ``companion.py``  the controller the GUI and the CLI drive: a thin façade over the parts below
* ``turn.py``       one reply: assemble the prompt, stream the reply, persist it
* ``session.py``    what the parts share: diary, prompt context, live settings, clock, events, open day
* ``ports.py``      ``DiaryPort``: every call the core makes of storage (``app.store.Diary`` satisfies it)
* ``events.py``, ``errors.py``  what the controller tells its listeners, and what it refuses
* ``text.py``       words, stopwords, stems, question words (English and Russian), for recall and facts
* ``prompt/``       the prompt: templates, its parts, the budget that fits them into ``n_ctx``, the
                    per-conversation context and snapshot, and the next prompt the gauge shows
* ``recall/``       L1 recall: past entries for the new message (dates named, ranking, packing)
* ``memory/``       L2–L4: rolling summaries, digests, facts ("Memory about you") and reflections
* ``background/``   worker threads, the memory job runner, and the maintenance scheduler
"""
