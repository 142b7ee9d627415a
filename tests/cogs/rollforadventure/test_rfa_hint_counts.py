"""``/rfa hint`` as a French tour read it (t12 defects 1 and 2). The bonus dice reason named one hero and said
"ils ont perdu" (French) and "Sie haben" (German, read as the formal "you"): it now reads right for one hero as for
several ("à qui le Vortex de l'Oubli a pris le plus de dés", "Niemand hat mehr Würfel … verloren"). The "fill"
reason read "remplit le territoire Forêt (3 dés)" for a move of one die (the territory's total, the Desert's
sections added together) and never said what the task needs: it now says what the move adds and how many of the
dice needed are there then ("1 dé à la Forêt : 3 sur les 6"), the Desert by its section 1."""
from __future__ import annotations

import pytest
from rfa_clicks import KIND
from rfa_tour import DAVE, lobby_options, open_game, play_moves, seed_for, user_due

from bot.games.rollforadventure import policy
from bot.games.rollforadventure.board import ids_at
from bot.i18n import t
from cogs.rollforadventure import words

#: the reason reads right for one hero as for several (no verb agrees with the heroes) and in each voice
ONE_HERO = {"en": "nobody has lost more dice", "de": "Niemand hat mehr Würfel",
            "fr": "à qui le Vortex de l'Oubli a pris", "ko": "가장 많이 잃은 "}
MANY_WORDS = {"en": "they have lost", "de": "Sie haben", "fr": "ils ont", "ko": None}


def one_bonus_die_to_choose(before, move, events, after) -> bool:
    decision = after["decision"] or {}
    return decision.get("kind") == "bonus_dice" and decision.get("count") == 1


@pytest.mark.parametrize("locale", ["fr", "de", "en", "ko"])
async def test_the_bonus_dice_reason_speaks_of_one_hero_as_one(harness, alice, bob, carol, monkeypatch, locale):
    users = [alice, bob, carol, DAVE]
    seed, moves = seed_for(4, lobby_options(ice_cave="A"), one_bonus_die_to_choose, seeds=range(60))
    game, place = await open_game(harness, users, seed, monkeypatch, locale=locale, ice_cave="A")
    game = await play_moves(harness, game, users, place, moves)
    assert game.state["decision"]["kind"] == "bonus_dice"
    text = (await harness.run("rfa hint", user=user_due(game, users), place=place)).only().text()
    assert ONE_HERO[locale] in text, text
    if MANY_WORDS[locale]:
        assert MANY_WORDS[locale] not in text, text


def next_fill(territory: str, also=lambda state: True):
    """The moment the policy's next move puts one die onto ``territory`` beside dice already there, finishing
    nothing (no power stone, no barrier)."""
    def moment(before, move, events, after) -> bool:
        if (after["decision"] or {}).get("kind") != "place" or after["result"]:
            return False
        nxt = policy.choose_move(after, after["decision"]["seat"], 0)
        if nxt.get("type") != "place" or nxt.get("place") != f"territory:{territory}" or nxt["count"] != 1:
            return False
        _, done = KIND.apply(after, after["decision"]["seat"], nxt)
        finished = {"stone", "barrier_removed", "forest_bar", "won"}
        return bool(ids_at(after, territory)) and also(after) and \
            not any(e["key"].rsplit(".", 1)[-1] in finished for e in done)
    return moment


async def test_a_forest_hint_says_what_one_die_adds_and_what_the_stone_needs(harness, alice, bob, monkeypatch):
    users = [alice, bob]
    seed, moves = seed_for(2, lobby_options(), next_fill("forest"))
    game, place = await open_game(harness, users, seed, monkeypatch, locale="fr")
    game = await play_moves(harness, game, users, place, moves)
    text = (await harness.run("rfa hint", user=user_due(game, users), place=place)).only().text()
    held, bar = len(ids_at(game.state, "forest")), game.state["terr"]["forest"]["bar"]
    assert "remplit le territoire" not in text
    assert t("rollforadventure.hint.why.fill", "fr", territory=words.territory("forest", "fr"), count=1,
             here=held + 1, needed=bar) in text, text
    assert f"1 dé à la Forêt : {held + 1} sur les {bar}" in text, text


async def test_a_desert_hint_counts_section_one_only(harness, alice, bob, monkeypatch):
    users = [alice, bob]
    seed, moves = seed_for(2, lobby_options(), next_fill("desert", lambda s: bool(ids_at(s, "desert", "d2"))),
                           seeds=range(200))
    game, place = await open_game(harness, users, seed, monkeypatch, locale="fr")
    game = await play_moves(harness, game, users, place, moves)
    text = (await harness.run("rfa hint", user=user_due(game, users), place=place)).only().text()
    first = len(ids_at(game.state, "desert", "d1"))
    assert first + 1 < len(ids_at(game.state, "desert")) + 1, "section 2 holds dice too"
    key = "fill_desert_full" if first + 1 == 3 else "fill_desert"
    assert t(f"rollforadventure.hint.why.{key}", "fr", count=1, here=first + 1, needed=3) in text, text
