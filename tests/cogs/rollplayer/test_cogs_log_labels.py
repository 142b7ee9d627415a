"""``/rp log`` words each move as it was when it was played: the die on the Initiative card taken was read from
the table as it is now, where the card is empty once taken (a Korean playground tour saw "Take Initiative
card 1:" with nothing after it). The live message's lines tell what a purchase cost, tokens included."""
from __future__ import annotations

import re

from clicks import live_message
from menu_kit import after_setup, at_market_turn, deal, engine, games_start_as
from test_cogs_phase import start_two_player
from test_cogs_step_picture import play_steps

from bot.i18n import t


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
