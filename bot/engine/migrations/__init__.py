"""Alembic migrations of the one schema (bot/engine/schema.py), for SQLite and PostgreSQL alike.

``upgrade(connection)`` brings a database to ``schema.HEAD`` inside the caller's transaction; the store calls
it on open when ``alembic_version`` is not at the head. Alembic is imported only then, so a start on an
up-to-date database does not pay for it. ``python -m alembic`` is not needed: there is no alembic.ini.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

HERE = Path(__file__).resolve().parent


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
    """Several statements (triggers and functions included) on ``connection``. SQLite runs them one by one,
    split where ``sqlite3.complete_statement`` says a statement ends; PostgreSQL takes the whole script in one
    simple-protocol call of the raw asyncpg connection (SQLAlchemy would prepare it, which allows only one
    statement), inside the transaction SQLAlchemy already began on that connection."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql("SELECT 1")          # make sure the transaction has begun on the server
        connection.connection.dbapi_connection.run_async(lambda raw: raw.execute(script))
        return
    statement = ""
    script = script.rstrip()
    for line in (script if script.endswith(";") else script + ";").splitlines(keepends=True):
        statement += line
        if sqlite3.complete_statement(statement):
            if statement.strip():
                connection.exec_driver_sql(statement)
            statement = ""
