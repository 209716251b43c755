"""Storage: SQLite through SQLModel — messages, summaries, facts, reflections, FTS5 search, backups.

Never imports PySide6.
"""
