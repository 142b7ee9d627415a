"""Roll Player's names and records for the pictures, read through the rules' one content loader.

``bot.games.rollplayer.content`` reads the data files once and is the only reader; this module only names
what the renderers use from it (records, localised names and texts, and the rules a picture shows: the
backstory reward, the hand limit, the number of rounds), so no renderer re-derives a rule.
"""
from __future__ import annotations

from bot.games.rollplayer.content import (
    alignment_name,
    alignments,
    armor_set_name,
    armor_sets,
    backstories,
    backstory_name,
    backstory_reward,
    card_name,
    card_text,
    cards,
    class_name,
    classes,
    hand_limit,
    hands_used,
    is_any_time,
    power_name,
    power_text,
    race_name,
    races,
    rounds_total,
)

__all__ = [
    "alignment_name", "alignments", "armor_set_name", "armor_sets", "backstories", "backstory_name",
    "backstory_reward", "card_name", "card_text", "cards", "class_name", "classes", "hand_limit", "hands_used",
    "is_any_time", "power_name", "power_text", "race_name", "races", "rounds_total",
]
