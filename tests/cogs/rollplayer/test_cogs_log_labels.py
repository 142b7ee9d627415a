"""``/rp log`` words each move as it was when it was played: the die on the Initiative card taken was read from
the table as it is now, where the card is empty once taken (a Korean playground tour saw "Take Initiative
card 1:" with nothing after it). The live message's lines tell what a purchase cost, tokens included."""
from __future__ import annotations

import re

import pytest
from clicks import live_message
from menu_kit import LOCALES, after_setup, at_market_start, at_market_turn, deal, engine, games_start_as, legal_of
from test_cogs_phase import start_two_player
from test_cogs_step_picture import play_steps

from bot.i18n import t
from cogs.rollplayer import PRESENTATION


async def test_the_log_names_the_die_of_every_initiative_card_taken(harness, alice, bob, monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 4242)
    place = harness.channel()
    game, _ = await play_steps(harness, [alice, bob], place, 60)
    records = await harness.bot.sessions.move_log(game.id)
    takes = [r for r in records if r.move.get("type") == "take"]
    assert takes, "the game reached the Dice Phase"
    lines, pages, page = [], 1, 0
    while page < pages:
        text, pages, _ = await harness.bot.get_cog("History").log_page(game, page, "en")
        lines += [line for line in text.splitlines() if re.match(r"\d+\. ", line)]    # the moves
        page += 1
    shown = {int(line.split(".")[0]): line for line in lines}
    colours = "|".join(t(f"colour.{c}", "en") for c in ("red", "blue", "green", "purple", "black", "white", "gold"))
    for record in takes:
        line = shown[record.seq]
        assert re.search(rf": ({colours}) \d", line.split(": ", 1)[1]), line


def market_with_a_token():
    """A Market turn whose buyer has 9 Gold and a Charisma token, with Climb (2 Gold) for sale."""
    st = at_market_turn(after_setup(2, seed=3))
    seat = engine.pending(st)[0]["seat"]
    st.players[seat].gold, st.players[seat].charisma = 9, 1
    deal(st, seat, [], market=["climb", "chain_helm", "longbow"])
    return st


async def test_the_purchase_line_names_the_charisma_token_spent(harness, alice, bob, monkeypatch):
    """A tour bought Climb with a Charisma token from "Buy Climb (using 1 Charisma)" and the table read only "Ann
    bought Climb for 1 gold": the token, spent, was named nowhere. The line names it."""
    games_start_as(monkeypatch, market_with_a_token)
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    seat = engine.pending(game.state)[0]["seat"]
    buyer = next(u for u in (alice, bob) if u.id == game.seats[seat].user_id)
    live = live_message(harness, place)
    wanted = t("move.with_tokens", "en", label=t("move.buy", "en", card="Climb"), tokens=1)
    [select] = [s for s in live.selects() if any(o["label"] == wanted for o in s["options"])]
    [value] = [o["value"] for o in select["options"] if o["label"] == wanted]
    await harness.select(live, [value], user=buyer, place=place, custom_id=select["custom_id"])
    line = t("rollplayer.card_bought_tokens", "en", player=game.seats[seat].name, card="Climb", cost=1, tokens=1)
    assert line == f"{game.seats[seat].name} bought Climb for 1 gold (1 Charisma token spent)"
    assert line in live_message(harness, place).text()
    game = await harness.bot.sessions.load(game.id)
    assert game.state.players[seat].charisma == 0 and "climb" in game.state.players[seat].cards


async def test_the_log_tells_a_placement_once_and_names_its_die(harness, alice, bob, monkeypatch):
    """The log's small lines say what the rules did after each move; a die placed or a card taken is the move
    itself, and read twice ("7. Alice: white 3 to INT" / "Alice placed white 3 in INT"). They are said once now, and
    a die placed from an Initiative card is named in the move's line ("blue 3 to STR", not "Place in STR")."""
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 4242)
    place = harness.channel()
    game, _ = await play_steps(harness, [alice, bob], place, 60)
    text, pages, page = "", 1, 0
    while page < pages:
        part, pages, _ = await harness.bot.get_cog("History").log_page(game, page, "en")
        text += part + "\n"
        page += 1
    small = [line for line in text.splitlines() if line.startswith("-# ")]
    assert small, "the rules' lines are there"
    assert not [line for line in small if " placed " in line or " took Initiative" in line], small
    records = await harness.bot.sessions.move_log(game.id)
    placed = [r.seq for r in records if r.move.get("type") == "place"]
    assert placed, "the game reached a die placed from an Initiative card"
    lines = {int(line.split(".")[0]): line for line in text.splitlines() if re.match(r"\d+\. ", line)}
    colours = "|".join(t(f"colour.{c}", "en") for c in ("red", "blue", "green", "purple", "black", "white", "gold"))
    for seq in placed:
        assert re.search(rf": ({colours}) \d to ", lines[seq]), lines[seq]


def at_attuned():
    """Round 1's Market Phase waiting on the first seat's Druid: Attuned puts a discarded card back in the market."""
    return at_market_start(after_setup(2, seed=3, classes={0: "druid"}))


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_log_tells_an_attuned_card_once(harness, alice, bob, monkeypatch, locale):
    """A Druid's Attuned read twice in the log: "1. Alice: Attuned: put Cunning back in the market" and under it
    "Alice used Attuned: Cunning back in the market". The move's line says it, once."""
    games_start_as(monkeypatch, at_attuned)
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    druid = next(u for u in (alice, bob) if u.id == game.seats[0].user_id)
    assert engine.pending(game.state) == [{"seat": 0, "decision": "attuned"}]
    card = game.state.discard[0]
    move = {"type": "power", "seat": 0, "power": "attuned", "card": card}
    live = live_message(harness, place)
    [(select, value)] = [(s["custom_id"], o["value"]) for s in live.selects() for o in s["options"]
                         if legal_of(game.state, 0, o["value"]) == move]
    await harness.select(live, [value], user=druid, place=place, custom_id=select)
    after = await harness.bot.sessions.load(game.id)
    assert card in after.state.market and game.state.players[0].class_id == "druid"

    harness.locale = locale
    log = (await harness.run("rp log", user=alice, place=place)).only().content
    label = PRESENTATION.log_label(game, 0, move, locale)
    assert t("play.log_line", locale, n=1, player=game.seats[0].name, move=label) in log.splitlines(), log
    used = {"key": "rollplayer.power_used", "params": {"seat": 0, "power": "attuned", "card": card}}
    assert PRESENTATION.event_line(game, used, locale) not in log, log
    for name in (PRESENTATION.value_text("power", "attuned", game, 0, locale),
                 PRESENTATION.value_text("card", card, game, 0, locale)):
        assert log.count(name) == 1, (name, log)          # said once, in the move's line
