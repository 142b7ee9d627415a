"""Player ratings (``ratings``) and each finished game's rating changes (``rating_changes``), on both databases.

Revision ID: 0005
Revises: 0003
"""
from alembic import op

from bot.engine.schema import metadata, rating_changes, ratings

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    metadata.create_all(op.get_bind(), tables=[ratings, rating_changes], checkfirst=False)
