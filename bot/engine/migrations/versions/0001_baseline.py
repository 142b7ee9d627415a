"""The schema of bot/engine/schema.py: created on an empty database, or adopted in place from a database made
by the hand-written migrations before Alembic (any SQLite ``user_version`` 1-6, PostgreSQL ``rollbot_schema``
1-4): the missing hand-written steps run first (legacy.py), data untouched; from then on ``alembic_version`` is
the marker (PostgreSQL's ``rollbot_schema`` goes; SQLite's ``user_version`` stays at 6).

Revision ID: 0001
Revises:
"""
from alembic import op
from sqlalchemy import inspect

from bot.engine.migrations import legacy, run_script
from bot.engine.schema import GUARDS, metadata

revision = "0001"
down_revision = None


def legacy_version(bind) -> int | None:
    """The hand-written schema version of the database, None when it was not made by that code."""
    if bind.dialect.name == "sqlite":
        return bind.exec_driver_sql("PRAGMA user_version").scalar() or None
    if inspect(bind).has_table("rollbot_schema"):
        return bind.exec_driver_sql("SELECT COALESCE(max(version), 0) FROM rollbot_schema").scalar()
    return None


def upgrade() -> None:
    bind = op.get_bind()
    sqlite = bind.dialect.name == "sqlite"
    version = legacy_version(bind)
    if version is None:
        metadata.create_all(bind)
        for ddl in GUARDS[bind.dialect.name]:
            run_script(bind, ddl)
        return
    steps = legacy.SQLITE if sqlite else legacy.POSTGRES
    for target in range(version + 1, len(steps) + 1):
        try:
            run_script(bind, steps[target - 1])
        except Exception as error:
            raise RuntimeError(f"migration to schema version {target} failed: {error}") from error
    if sqlite:      # the old marker stays as it was (v6): the code before Alembic could still read the file
        run_script(bind, f"PRAGMA user_version = {len(steps)}")
    else:
        run_script(bind, "DROP TABLE rollbot_schema")
