"""Memory above the verbatim history: facts, rolling summaries, digests, reflections (L2-L4)."""
