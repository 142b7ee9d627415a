"""Alembic migrations of the one schema (bot/engine/schema.py), for SQLite and PostgreSQL alike.

``upgrade(connection)`` brings a database to ``schema.HEAD`` inside the caller's transaction; the store calls
it on open when ``alembic_version`` is not at the head. Alembic is imported only then, so a start on an
up-to-date database does not pay for it. ``python -m alembic`` is not needed: there is no alembic.ini.
"""
from __future__ import annotations

import logging
from pathlib import Path

HERE = Path(__file__).resolve().parent


class FirstLineOfDoc(logging.Filter):
    """Alembic logs each revision it runs as "Running upgrade A -> B, <the revision's docstring>", the whole
    docstring: a first start wrote eight revisions' paragraphs into the journal, lines without a timestamp that
    read like a problem. The docstring's first line is kept ("…" where it went on)."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage().strip()
        if "\n" in text:
            record.msg, record.args = text.split("\n", 1)[0] + " …", None
        return True


logging.getLogger("alembic.runtime.migration").addFilter(FirstLineOfDoc())


def config(connection=None):
    from alembic.config import Config
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(connection, target: str = "head") -> None:
    """Run every revision up to ``target`` on ``connection`` (a synchronous SQLAlchemy connection, as
    ``AsyncConnection.run_sync`` gives), in the transaction the caller holds."""
    from alembic import command
    command.upgrade(config(connection), target)


def run_script(connection, script: str) -> None:
    """One DDL statement (a trigger, a view, a function with its body) on ``connection``, as written, inside the
    transaction the caller holds. PostgreSQL takes it through the raw asyncpg connection's simple protocol:
    SQLAlchemy's driver layer would read the ``%`` of a RAISE format as a placeholder. The SELECT first makes
    sure SQLAlchemy's transaction has begun on the server."""
    if connection.dialect.name != "postgresql":
        connection.exec_driver_sql(script)
        return
    connection.exec_driver_sql("SELECT 1")
    connection.connection.dbapi_connection.run_async(lambda raw: raw.execute(script))
