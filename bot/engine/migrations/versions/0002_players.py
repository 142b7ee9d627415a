"""Players' settings and away periods (``player_prefs``, ``away_periods`` with its index), on both databases.

Revision ID: 0002
Revises: 0001
"""
from alembic import op

from bot.engine.schema import away_periods, metadata, player_prefs

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    metadata.create_all(op.get_bind(), tables=[player_prefs, away_periods], checkfirst=False)
