"""The learned value of an unfinished sheet: the heuristic's parts, re-weighted from self-play outcomes.

``evaluate.components`` splits the heuristic value into its parts (goal chances, class dice, backstory,
armor, traits, Gold, …). How much each part is really worth at the end depends on the stage of the game (a
Gold early buys a card, a Gold late buys nothing; an armor set started early gets finished), so the value is

    Σ_i x_i · (w_i0 + w_i1·s + w_i2·s²) + (b0 + b1·s + b2·s²),   s = markets ahead / 12,

with one set of weights for solo games and one for multi-player games, fitted by ridge regression on the
final totals of self-play games (``tools/rollplayer_value.py``; data, seeds and date are in the weights file
and in ``README.md`` here). Plain Python arithmetic: no numpy at play time.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path

from bot.games.rollplayer.scoring import score_player, scoring_input

from .evaluate import components

WEIGHTS_PATH = Path(__file__).with_name("value_weights.json")
PARTS = ("goals", "class_dice", "backstory", "alignment", "armor", "armor_hope", "traits", "flat",
         "gold_useful", "gold_hoard", "charisma", "skills", "empty", "goals_open1", "goals_open2", "goals_open3",
         "priority")
DEGREE = 2
STAGE_SCALE = 12.0


@functools.lru_cache(maxsize=1)
def weights() -> dict[str, tuple[tuple[float, ...], ...]]:
    doc = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    if doc["parts"] != list(PARTS) + ["bias"] or doc["degree"] != DEGREE:
        raise ValueError("value_weights.json does not match the parts of evaluate.components")
    return {k: tuple(tuple(row) for row in w) for k, w in doc["weights"].items()}


def learned_value(st, seat: int) -> float:
    """Expected final stars of ``seat`` by the learned weights (exact when the game is over)."""
    if st.finished:
        return float(score_player(scoring_input(st, seat))["total"])
    if st.players[seat].class_id is None:
        return 0.0
    _, parts, markets = components(st, seat)
    w = weights()
    rows = w["solo"] if st.seats == 1 or "multi" not in w else w["multi"]
    s = markets / STAGE_SCALE
    s2 = s * s
    v = 0.0
    for x, (a, b, c) in zip(parts, rows):
        if x:
            v += x * (a + b * s + c * s2)
    a, b, c = rows[-1]
    return v + a + b * s + c * s2
