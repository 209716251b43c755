"""The daily ritual: the opening question, write mode's "Ask Hearth", "Go deeper" (no Qt here)."""
