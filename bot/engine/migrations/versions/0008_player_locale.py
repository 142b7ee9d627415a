"""A player's language (``player_prefs.locale``): the one their client last used with the bot, so a turn notice
by direct message reads in the player's current language rather than the one of their last click in that game.

Revision 0002 creates ``player_prefs`` from the current schema, so a database made from scratch has the column
already; one made before it gains it here (NULL: not known yet, the game's seat language is used).

Revision ID: 0008
Revises: 0007
"""
import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    columns = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("player_prefs")}
    if "locale" not in columns:
        op.add_column("player_prefs", sa.Column("locale", sa.Text()))
