"""The dice's colours in German (a German tour): Roll for Adventure wrote them lower-case and uninflected
("rot 4", "Würfel (rot)", "Einen Würfel (rot) … befreien") where Roll Player writes "Rot 2". A die's colour as
a noun is capitalised ("Rot 4", "Rot: 2"); before "Würfel" it is an adjective with its ending ("roter Würfel").
French names its dice as Roll Player's French does ("Rouge 4", "un dé rouge")."""
from __future__ import annotations

import re

import pytest
from rfa_clicks import due_seat, latest_turn_post
from rfa_tour import channel_lines, lobby_options, open_game, play_moves, seed_for, user_due

from bot.games.rollforadventure import policy

#: a colour word standing bare, as a noun never is in German (Roll Player: "Rot 2") and an adjective never is
#: before a noun ("roter Würfel"); French's colour names a die with a capital, as Roll Player's French does
BARE = {"de": re.compile(r"\b(?:rot|blau|grün|gelb)\b(?! Würfel)|\bWürfel \("),
        "fr": re.compile(r"(?<!dé )\b(?:rouge|bleu|vert|jaune|allié)\b")}
#: a die named by its colour and value, capitalised
NAMED = {"de": re.compile(r"\b(?:Rot|Blau|Grün|Gelb) [1-6]\b"),
         "fr": re.compile(r"\b(?:Rouge|Bleu|Vert|Jaune) [1-6]\b")}
#: the Healer's freeing, as a button and as the log line after it (the die as it lay in the Vortex)
FREE = {"de": (re.compile(r"^Aus dem Strudel des Vergessens befreien: (?:(?:roter|blauer|grüner|gelber) Würfel"
                          r"|Verbündetenwürfel)$"),
               re.compile(r"Aus dem Strudel des Vergessens befreit: (?:Rot|Blau|Grün|Gelb|Verbündeter) [1-6]\.")),
        "fr": (re.compile(r"^Libérer un dé (?:rouge|bleu|vert|jaune|allié) du Vortex de l'Oubli$"),
               re.compile(r"Libéré du Vortex de l'Oubli : (?:Rouge|Bleu|Vert|Jaune|Allié) [1-6]\."))}


def _frees(before, move, events, after) -> bool:
    return move["type"] == "free"


def everything_shown(harness, place) -> list[str]:
    """Every text the channel's messages show now, private menus too: lines, button and menu labels, alt texts."""
    shown = []
    for m in harness.rec.order:
        if m.channel_id != place.channel_id or m.deleted:
            continue
        shown += m.text().splitlines() + [b.get("label") or "" for b in m.buttons()]
        shown += [o["label"] for s in m.selects() for o in s.get("options", [])] + list(m.alts.values())
    return shown


@pytest.mark.parametrize("locale", ["de", "fr"])
async def test_dice_colours_read_as_roll_player_writes_them(harness, alice, bob, monkeypatch, locale):
    users = [alice, bob]
    seed, count = seed_for(2, lobby_options(), _frees)
    game, place = await open_game(harness, users, seed, monkeypatch, locale=locale)
    game = await play_moves(harness, game, users, place, count - 1)
    assert policy.choose_move(game.state, due_seat(game), count - 1)["type"] == "free"
    await harness.run("rfa hint", user=user_due(game, users), place=place)
    button, line = FREE[locale]
    assert any(button.match(text) for text in everything_shown(harness, place)), "the Healer's button"
    game = await play_moves(harness, game, users, place, 1, start=count - 1)
    shown = everything_shown(harness, place)
    assert any(line.search(text) for text in channel_lines(harness, place)), "the log line of the freeing"
    assert any(NAMED[locale].search(text) for text in shown)
    assert latest_turn_post(harness, place).alt_text("table.png")
    assert not [text for text in shown if BARE[locale].search(text)]
