"""Turn notices owed to players by direct message (``notices`` with its index), on both databases.

Revision ID: 0003
Revises: 0002
"""
from alembic import op

from bot.engine.schema import metadata, notices

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    metadata.create_all(op.get_bind(), tables=[notices], checkfirst=False)
