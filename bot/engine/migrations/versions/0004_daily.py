"""Daily challenges: which game is whose attempt of which day and kind (``daily_attempts``), on both databases.

Revision ID: 0004
Revises: 0003
"""
from alembic import op

from bot.engine.schema import daily_attempts, metadata

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    metadata.create_all(op.get_bind(), tables=[daily_attempts], checkfirst=False)
