"""Finding a table: players waiting for a game on a server (``find_queue``), on both databases.

Revision ID: 0006
Revises: 0005
"""
from alembic import op

from bot.engine.schema import find_queue, metadata

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    metadata.create_all(op.get_bind(), tables=[find_queue], checkfirst=False)
