"""The schema of bot/engine/schema.py as it was then (its ``BASELINE_TABLES``; later revisions add the others):
created on an empty database, or adopted in place from one made by the hand-written store before Alembic at
its last version (SQLite ``user_version`` 6, PostgreSQL ``rollbot_schema`` 4; the store refuses older ones
before Alembic runs). Those tables, indexes and triggers are this schema's already, so adopting only
re-creates PostgreSQL's functions (``CREATE OR REPLACE``) and drops its old marker table; from then on
``alembic_version`` is the marker (SQLite's ``user_version`` stays at 6).

Revision ID: 0001
Revises:
"""
from alembic import op
from sqlalchemy import inspect

from bot.engine.migrations import run_script
from bot.engine.schema import BASELINE_TABLES, GUARDS, metadata

revision = "0001"
down_revision = None


def upgrade() -> None:
    bind = op.get_bind()
    guards = GUARDS[bind.dialect.name]
    if not inspect(bind).has_table("games"):
        metadata.create_all(bind, tables=[t for t in metadata.sorted_tables if t.name in BASELINE_TABLES])
        for ddl in guards:
            run_script(bind, ddl)
    elif bind.dialect.name == "postgresql":
        for ddl in guards:
            if ddl.startswith("CREATE OR REPLACE FUNCTION"):
                run_script(bind, ddl)
        run_script(bind, "DROP TABLE rollbot_schema")
