"""Alembic's environment: always online, on the connection the store passes (``config.attributes``), inside
the transaction the store holds (SQLite: BEGIN IMMEDIATE; PostgreSQL: a transaction under an advisory lock)."""
from alembic import context

from bot.engine.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
