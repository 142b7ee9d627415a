"""Undo posts are live posts: the marker ``"live"`` added to the public posts of an undo stored before it had one.

An undo that changed who is due posted into the game's live message (a Components V2 layout) without the
``"live"`` marker, so the courier took that message for one from before the layout and summarised it with a text
edit, which Discord refuses: every later post of the game failed. Any turn post stored after the first live
post of its game was drawn in the layout, so it gets the marker; a game's posts from before the layout stay as
they are.

Revision ID: 0007
Revises: 0006
"""
import json

import sqlalchemy as sa
from alembic import op

from bot.engine.schema import outbox
from bot.engine.store import dump_json

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    bind = op.get_bind()
    first_live: dict[int, int] = {}
    unmarked = []
    rows = bind.execute(sa.select(outbox.c.id, outbox.c.game_id, outbox.c.payload).order_by(outbox.c.id))
    for row_id, game_id, text in rows:
        payload = json.loads(text)
        if not isinstance(payload, dict) or payload.get("type") != "turn":
            continue
        if payload.get("live"):
            first_live.setdefault(game_id, row_id)
        else:
            unmarked.append((row_id, game_id, payload))
    for row_id, game_id, payload in unmarked:
        if first_live.get(game_id, row_id) < row_id:
            payload["live"] = True
            bind.execute(sa.update(outbox).where(outbox.c.id == row_id).values(payload=dump_json(payload)))
