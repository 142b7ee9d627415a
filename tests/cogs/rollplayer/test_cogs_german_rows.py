"""Where a die goes on the sheet, in German (a German tour): the log said "Ann platziert Rot 4 in GES" and the menu
"In GES platzieren" while the menus' whole moves said "…, auf GES legen" and the setup "Rot 4 auf GES". Every German
Roll Player text puts a die *on* a row ("auf GES", "auf eine Reihe"), as the rules summary does."""
from __future__ import annotations

import re

from bot.games.rollplayer.kind import KIND
from bot.i18n import t
from bot.i18n.messages import domain_catalog

ATTRS = "|".join(t(f"attr.{a}", "de") for a in ("str", "dex", "con", "int", "wis", "cha"))
#: a die put *in* a row: an attribute's name, or "Reihe" (the rows of the sheet), after "in"
INTO = re.compile(rf"\b[Ii]n (?:{ATTRS})\b|\b[Ii]n (?:eine|einer|die|der|deine|deiner) Reihe\b|, in die du")


def shown(harness, place) -> list[str]:
    """Every text of the channel's messages as they read now: lines, button labels, menu entries."""
    out = []
    for m in harness.rec.order:
        if m.channel_id == place.channel_id and not m.deleted:
            out += m.text().splitlines() + [b.get("label") or "" for b in m.buttons()]
            out += [o["label"] for s in m.selects() for o in s.get("options", [])]
    return out


async def test_german_puts_every_die_on_a_row(harness, alice, bob, monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 1001)
    harness.locale = "de"
    place = harness.channel()
    created = await harness.run("rp new", user=alice, place=place, players=2, language="de")
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=bob, place=place, label=t("button.join", "de"))
    await harness.click(lobby, user=alice, place=place, label=t("button.start", "de"))
    sessions = harness.bot.sessions
    game = await sessions.game_in_channel(place.channel_id)
    texts: list[str] = []
    placed = re.compile(rf"platziert \S+ [1-6] \w+ (?:{ATTRS})\b")
    for _ in range(60):
        seat = KIND.pending(game.state)[0]["seat"]
        await sessions.apply(game.id, game.seats[seat].user_id, KIND.legal_moves(game.state, seat)[0], game.version)
        await harness.bot.courier.deliver(game.id)
        game = await sessions.load(game.id)
        texts += shown(harness, place)
        if any(placed.search(text) for text in texts):
            break
    else:
        raise AssertionError("no die placed in the dice phase")
    assert not [text for text in texts if INTO.search(text)]
    assert not [(key, text) for key, text in domain_catalog("de", "rollplayer").items() if INTO.search(text)]
