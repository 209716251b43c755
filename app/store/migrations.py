"""Named schema migrations, applied in order on open and recorded in the ``migrations`` table.

Each migration is a tuple of SQL statements run in one ``BEGIN IMMEDIATE`` transaction together with the
row that records it, so a crash mid-migration leaves the database at the previous version, and two
processes opening the same diary at once cannot both apply a step. Never edit a released migration: add
a new one (tests migrate a blank database and one at every earlier version to the latest).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Migration:
    name: str
    statements: tuple[str, ...]


M001_INITIAL = Migration(
    "m001_initial",
    (
        """CREATE TABLE conversation (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            title TEXT NOT NULL DEFAULT '',
            day DATE,
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL
        )""",
        "CREATE INDEX ix_conversation_day ON conversation(day)",
        """CREATE TABLE message (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            conversation_id INTEGER NOT NULL REFERENCES conversation(id) ON DELETE CASCADE,
            role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system')),
            text TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            status TEXT NOT NULL DEFAULT 'complete' CHECK (status IN ('complete', 'interrupted'))
        )""",
        "CREATE INDEX ix_message_conversation ON message(conversation_id, id)",
        """CREATE TABLE summary (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL CHECK (kind IN ('rolling', 'daily', 'weekly')),
            scope TEXT NOT NULL,
            text TEXT NOT NULL,
            through_message_id INTEGER,
            model TEXT NOT NULL DEFAULT '',
            created_at DATETIME NOT NULL,
            UNIQUE (kind, scope)
        )""",
        """CREATE TABLE fact (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            text TEXT NOT NULL,
            kind TEXT NOT NULL DEFAULT 'other',
            importance INTEGER NOT NULL DEFAULT 3 CHECK (importance BETWEEN 1 AND 5),
            pinned BOOLEAN NOT NULL DEFAULT 0,
            source TEXT NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'automatic')),
            provenance_message_id INTEGER REFERENCES message(id) ON DELETE SET NULL,
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL,
            retired BOOLEAN NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX ix_fact_provenance ON fact(provenance_message_id)",
        """CREATE TABLE fact_version (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            fact_id INTEGER NOT NULL REFERENCES fact(id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            text TEXT NOT NULL,
            kind TEXT NOT NULL,
            importance INTEGER NOT NULL,
            pinned BOOLEAN NOT NULL,
            source TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            UNIQUE (fact_id, version)
        )""",
        """CREATE TABLE reflection (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            text TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            revoked BOOLEAN NOT NULL DEFAULT 0,
            created_at DATETIME NOT NULL
        )""",
    ),
)

# External-content FTS5 index over message text. The triggers use the 'delete' command with the old
# text so the index really drops the tokens (the purge in fts.py then merges the segments away).
M002_MESSAGE_FTS = Migration(
    "m002_message_fts",
    (
        """CREATE VIRTUAL TABLE message_fts USING fts5(
            text, content='message', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
        )""",
        """CREATE TRIGGER message_fts_ai AFTER INSERT ON message BEGIN
            INSERT INTO message_fts(rowid, text) VALUES (new.id, new.text);
        END""",
        """CREATE TRIGGER message_fts_ad AFTER DELETE ON message BEGIN
            INSERT INTO message_fts(message_fts, rowid, text) VALUES ('delete', old.id, old.text);
        END""",
        """CREATE TRIGGER message_fts_au AFTER UPDATE OF text ON message BEGIN
            INSERT INTO message_fts(message_fts, rowid, text) VALUES ('delete', old.id, old.text);
            INSERT INTO message_fts(rowid, text) VALUES (new.id, new.text);
        END""",
        "INSERT INTO message_fts(message_fts) VALUES ('rebuild')",
    ),
)

M003_TOKEN_COUNTS = Migration(
    "m003_token_counts",
    (
        """CREATE TABLE message_token_count (
            message_id INTEGER NOT NULL REFERENCES message(id) ON DELETE CASCADE,
            tokenizer_id TEXT NOT NULL,
            n INTEGER NOT NULL CHECK (n >= 0),
            PRIMARY KEY (message_id, tokenizer_id)
        ) WITHOUT ROWID""",
    ),
)

M004_FORGOTTEN_FACTS = Migration(
    "m004_forgotten_facts",
    (
        """CREATE TABLE forgotten_fact (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            salt TEXT NOT NULL,
            digest TEXT NOT NULL,
            forgotten_at DATETIME NOT NULL
        )""",
    ),
)

# Reflections become versioned chains: a revision is a new row; the old one points at its successor.
M005_REFLECTION_LINEAGE = Migration(
    "m005_reflection_lineage",
    (
        "ALTER TABLE reflection ADD COLUMN lineage_id INTEGER",
        "ALTER TABLE reflection ADD COLUMN superseded_by INTEGER"
        " REFERENCES reflection(id) ON DELETE SET NULL",
        "UPDATE reflection SET lineage_id = id WHERE lineage_id IS NULL",
        "CREATE INDEX ix_reflection_lineage ON reflection(lineage_id)",
    ),
)

# Recall's semantic index: one quantized vector per message (and per fact that came from a message), for
# the embedder that wrote it. Derived data: deleting a message or a fact deletes its vector in the same
# statement (foreign keys cascade), and editing its text drops the vector (a trigger) so the old wording
# is not kept in any form; the indexer writes a new one in the background.
M006_RECALL_VECTORS = Migration(
    "m006_recall_vectors",
    (
        """CREATE TABLE message_vector (
            message_id INTEGER PRIMARY KEY REFERENCES message(id) ON DELETE CASCADE,
            embedder TEXT NOT NULL,
            vector BLOB NOT NULL
        )""",
        "CREATE INDEX ix_message_vector_embedder ON message_vector(embedder)",
        """CREATE TRIGGER message_vector_au AFTER UPDATE OF text ON message BEGIN
            DELETE FROM message_vector WHERE message_id = old.id;
        END""",
        """CREATE TABLE fact_vector (
            fact_id INTEGER PRIMARY KEY REFERENCES fact(id) ON DELETE CASCADE,
            embedder TEXT NOT NULL,
            vector BLOB NOT NULL
        )""",
        """CREATE TRIGGER fact_vector_au AFTER UPDATE OF text ON fact BEGIN
            DELETE FROM fact_vector WHERE fact_id = old.id;
        END""",
        # Which past entries recall gave the model for a reply ("Remembered 5 entries" under it).
        """CREATE TABLE reply_recall (
            reply_id INTEGER NOT NULL REFERENCES message(id) ON DELETE CASCADE,
            message_id INTEGER NOT NULL REFERENCES message(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            PRIMARY KEY (reply_id, message_id)
        ) WITHOUT ROWID""",
        "CREATE INDEX ix_reply_recall_message ON reply_recall(message_id)",
    ),
)

# The day's opening question (issue 13): written in idle time from recent digests and facts, or taken from
# the fixed fallback list. A model-written question may quote the diary, so deleting a message, a fact or a
# summary drops every model-written question (a trigger: no deletion path can forget it); the rows that
# only record "replaced"/"dismissed" for a fallback question hold no diary text and stay.
M007_OPENING_PROMPTS = Migration(
    "m007_opening_prompts",
    (
        """CREATE TABLE opening_prompt (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            day DATE NOT NULL,
            text TEXT NOT NULL,
            source TEXT NOT NULL DEFAULT 'model' CHECK (source IN ('model', 'fallback')),
            state TEXT NOT NULL DEFAULT 'offered' CHECK (state IN ('offered', 'replaced', 'dismissed')),
            created_at DATETIME NOT NULL
        )""",
        "CREATE INDEX ix_opening_prompt_day ON opening_prompt(day, id)",
        """CREATE TRIGGER opening_prompt_message_ad AFTER DELETE ON message BEGIN
            DELETE FROM opening_prompt WHERE source = 'model';
        END""",
        """CREATE TRIGGER opening_prompt_fact_ad AFTER DELETE ON fact BEGIN
            DELETE FROM opening_prompt WHERE source = 'model';
        END""",
        """CREATE TRIGGER opening_prompt_summary_ad AFTER DELETE ON summary BEGIN
            DELETE FROM opening_prompt WHERE source = 'model';
        END""",
    ),
)

# The person's mood for a day (issue 13): five steps, set only by the person in the day header (the model
# never writes it). Their own data: exported and imported with the diary.
M008_DAY_MOOD = Migration(
    "m008_day_mood",
    (
        """CREATE TABLE day_mood (
            day DATE PRIMARY KEY,
            mood INTEGER NOT NULL CHECK (mood BETWEEN 1 AND 5),
            set_at DATETIME NOT NULL
        )""",
    ),
)

# What the companion put before a message in the prompt (recalled entries, facts noted since the
# conversation's snapshot): kept as references, so the prompt's earlier turns come back byte for byte on
# the next turn and after a restart; deleting the entry or the fact removes its line (ids only, no text).
M009_TURN_NOTES = Migration(
    "m009_turn_notes",
    (
        """CREATE TABLE turn_note (
            message_id INTEGER NOT NULL REFERENCES message(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            recalled_id INTEGER REFERENCES message(id) ON DELETE CASCADE,
            fact_id INTEGER REFERENCES fact(id) ON DELETE CASCADE,
            fact_version INTEGER,
            PRIMARY KEY (message_id, position),
            CHECK ((recalled_id IS NULL) != (fact_id IS NULL))
        ) WITHOUT ROWID""",
        "CREATE INDEX ix_turn_note_recalled ON turn_note(recalled_id)",
        "CREATE INDEX ix_turn_note_fact ON turn_note(fact_id)",
        # The facts a conversation's system message was made with (fact at a version; position -1 with
        # no fact marks "taken"), so a restart renders the same system message instead of a new selection.
        """CREATE TABLE prompt_snapshot (
            conversation_id INTEGER NOT NULL REFERENCES conversation(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            fact_id INTEGER REFERENCES fact(id) ON DELETE CASCADE,
            fact_version INTEGER,
            PRIMARY KEY (conversation_id, position)
        ) WITHOUT ROWID""",
        "CREATE INDEX ix_prompt_snapshot_fact ON prompt_snapshot(fact_id)",
    ),
)

# Pictures in the diary (issue 17, memory level 0). Bytes live in the database, not in loose files: an
# encrypted diary covers them (SQLCipher), backups carry them (the online backup API), a deletion reaches
# them in the file's bytes (secure_delete) and in the backups (the same scrub as any entry), and an entry
# and its pictures commit together. Originals are content-addressed (SHA-256; one copy however often a
# picture is attached) and dropped when no attachment keeps them; the thumbnail and the recognised text
# stay with the attachment, which goes with its message (ON DELETE CASCADE).
M010_ATTACHMENTS = Migration(
    "m010_attachments",
    (
        """CREATE TABLE image_original (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            sha256 TEXT NOT NULL UNIQUE,
            data BLOB NOT NULL
        )""",
        """CREATE TABLE attachment (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            message_id INTEGER NOT NULL REFERENCES message(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            file_name TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            mime TEXT NOT NULL,
            size INTEGER NOT NULL CHECK (size >= 0),
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            thumbnail BLOB NOT NULL,
            original_kept BOOLEAN NOT NULL DEFAULT 1,
            taken_at DATETIME,
            added_at DATETIME NOT NULL,
            ocr_state TEXT NOT NULL DEFAULT 'pending'
                CHECK (ocr_state IN ('pending', 'done', 'failed', 'unavailable')),
            ocr_text TEXT NOT NULL DEFAULT '',
            ocr_at DATETIME,
            UNIQUE (message_id, position)
        )""",
        "CREATE INDEX ix_attachment_sha256 ON attachment(sha256)",
        "CREATE INDEX ix_attachment_ocr ON attachment(ocr_state)",
        """CREATE TRIGGER attachment_original_ad AFTER DELETE ON attachment BEGIN
            DELETE FROM image_original WHERE sha256 = old.sha256 AND NOT EXISTS (
                SELECT 1 FROM attachment WHERE sha256 = old.sha256 AND original_kept);
        END""",
        """CREATE TRIGGER attachment_original_au AFTER UPDATE OF original_kept ON attachment
        WHEN NOT new.original_kept BEGIN
            DELETE FROM image_original WHERE sha256 = old.sha256 AND NOT EXISTS (
                SELECT 1 FROM attachment WHERE sha256 = old.sha256 AND original_kept);
        END""",
    ),
)

# A short turn's vector holds the end of the turn before it ("Yes, since March" means little alone; see
# ``app.core.recall.semantic.passage_text``). Editing or deleting a message therefore drops the vector of the
# turn after it as well, in the same statement: no vector keeps words that were changed or deleted, and the
# indexer makes the next one anew from what the diary now says.
M011_TURN_CONTEXT_KEYS = Migration(
    "m011_turn_context_keys",
    (
        """CREATE TRIGGER message_vector_next_au AFTER UPDATE OF text ON message BEGIN
            DELETE FROM message_vector WHERE message_id = (SELECT min(n.id) FROM message AS n
                WHERE n.conversation_id = old.conversation_id AND n.id > old.id);
        END""",
        """CREATE TRIGGER message_vector_next_ad AFTER DELETE ON message BEGIN
            DELETE FROM message_vector WHERE message_id = (SELECT min(n.id) FROM message AS n
                WHERE n.conversation_id = old.conversation_id AND n.id > old.id);
        END""",
    ),
)

# The words in the message box that are not an entry yet (one row at most), kept while they are typed so
# that no close, crash, auto-lock or logout loses them; encrypted with the diary, copied by a rescue and a
# backup, emptied by forget-everything. Storing the entry they became removes the row in the same
# transaction (the trigger), so a crash between the two can never offer the sent words again.
M012_DRAFT = Migration(
    "m012_draft",
    (
        """CREATE TABLE draft (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            conversation_id INTEGER REFERENCES conversation(id) ON DELETE SET NULL,
            text TEXT NOT NULL,
            saved_at DATETIME NOT NULL
        )""",
        """CREATE TRIGGER draft_sent_ai AFTER INSERT ON message WHEN new.role = 'user' BEGIN
            DELETE FROM draft
            WHERE trim(text, ' ' || char(9, 10, 13)) = trim(new.text, ' ' || char(9, 10, 13));
        END""",
    ),
)

# Names the person said "Not now" to when the memory panel asked who they are (``app.core.recall.
# introductions``), so it does not ask again at the next start. A name is diary text: deleting or editing one
# of the person's entries empties the list (the triggers), since the name may have been only in what was
# deleted; the panel may then ask again, which loses nothing. The companion's replies (written as a
# placeholder, then updated) leave it alone: names are only ever taken from the person's entries. Not
# exported (a preference about questions, not an entry).
M013_NOT_NOW_NAMES = Migration(
    "m013_not_now_names",
    (
        """CREATE TABLE not_now_name (
            name TEXT PRIMARY KEY,
            said_at DATETIME NOT NULL
        ) WITHOUT ROWID""",
        """CREATE TRIGGER not_now_name_message_ad AFTER DELETE ON message WHEN old.role = 'user' BEGIN
            DELETE FROM not_now_name;
        END""",
        """CREATE TRIGGER not_now_name_message_au AFTER UPDATE OF text ON message
        WHEN old.role = 'user' AND old.text IS NOT new.text BEGIN
            DELETE FROM not_now_name;
        END""",
    ),
)

MIGRATIONS: tuple[Migration, ...] = (
    M001_INITIAL,
    M002_MESSAGE_FTS,
    M003_TOKEN_COUNTS,
    M004_FORGOTTEN_FACTS,
    M005_REFLECTION_LINEAGE,
    M006_RECALL_VECTORS,
    M007_OPENING_PROMPTS,
    M008_DAY_MOOD,
    M009_TURN_NOTES,
    M010_ATTACHMENTS,
    M011_TURN_CONTEXT_KEYS,
    M012_DRAFT,
    M013_NOT_NOW_NAMES,
)

LATEST = MIGRATIONS[-1].name

_CREATE_TABLE = "CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"


def applied(conn: sqlite3.Connection) -> list[str]:
    """Names of the migrations recorded in this database, in the order they were applied."""
    exists = conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='migrations'").fetchone()
    if not exists:
        return []
    return [row[0] for row in conn.execute("SELECT name FROM migrations ORDER BY rowid")]


def migrate(conn: sqlite3.Connection, upto: int | None = None) -> list[str]:
    """Apply the pending migrations (the first ``upto`` only, for tests); return the names applied now.

    ``conn`` must be in autocommit mode (``isolation_level=None``): each step runs in its own transaction.
    """
    steps = MIGRATIONS if upto is None else MIGRATIONS[:upto]
    conn.execute(_CREATE_TABLE)
    done_now: list[str] = []
    for migration in steps:
        conn.execute("BEGIN IMMEDIATE")
        try:
            already = conn.execute("SELECT 1 FROM migrations WHERE name = ?", (migration.name,)).fetchone()
            if not already:
                for statement in migration.statements:
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO migrations(name, applied_at) VALUES (?, ?)",
                    (migration.name, datetime.now().isoformat(sep=" ")),
                )
                done_now.append(migration.name)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return done_now


def unknown_migrations(conn: sqlite3.Connection) -> list[str]:
    """Migrations recorded in the file but unknown to this version of Hearth (a newer app wrote it)."""
    known = {m.name for m in MIGRATIONS}
    return [name for name in applied(conn) if name not in known]
