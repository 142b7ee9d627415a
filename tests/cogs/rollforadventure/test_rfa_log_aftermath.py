"""``/rfa log`` tells what the game did after each move (issue t12, defect 8): a French tour's log listed only the
players' choices ("18. Cleo : Perdre vert 2 (Forteresse)"), never the enemy revealed, its attack, the damage or
the dice lost, so nobody reading it could tell why a die was lost or a territory fell; and it had no heading
naming the game. Each move is now followed by small lines worded as the live message words them, each page
heads with the game's name and number, and a page is whole lines within Discord's 2,000 characters."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest
from rfa_clicks import KIND, due_seat
from rfa_tour import channel_lines, lobby_options, open_game, play_moves, seed_for
from test_rfa_bots import play_to_the_end

from bot.games.rollforadventure import policy
from bot.i18n import t
from cogs.core import SENTENCE_SEPARATOR, as_sentence
from cogs.history import MESSAGE_LIMIT, SUBTEXT
from cogs.rollforadventure import PRESENTATION

MOVE_LINE = re.compile(r"^\d+\. ")


def _reveal_costs_a_die(before, move, events, after) -> bool:
    """A placement after which an enemy is revealed and its attack sends a die into the Vortex of Oblivion."""
    keys = [e["key"].rsplit(".", 1)[-1] for e in events]
    return "reveal" in keys and "oblivion" in keys


def entries(text: str) -> dict[int, list[str]]:
    """A log page's moves (number -> the move's line and the lines under it)."""
    found: dict[int, list[str]] = {}
    number = None
    for line in text.splitlines()[1:]:
        if MOVE_LINE.match(line):
            number = int(line.split(".", 1)[0])
            found[number] = [line]
        elif number is not None:
            found[number].append(line)
    return found


async def test_the_log_tells_the_enemy_its_attack_and_the_die_lost(harness, alice, bob, monkeypatch):
    seed, count = seed_for(2, lobby_options(), _reveal_costs_a_die)
    game, place = await open_game(harness, [alice, bob], seed, monkeypatch, locale="fr")
    game = await play_moves(harness, game, [alice, bob], place, count - 1)
    move = policy.choose_move(game.state, due_seat(game), count - 1)
    _, events = KIND.apply(game.state, due_seat(game), move)
    game = await play_moves(harness, game, [alice, bob], place, 1, start=count - 1)

    log = (await harness.run("rfa log", user=alice, place=place)).only()
    heading = log.content.splitlines()[0]
    title = t("rollforadventure.title", "fr")
    assert heading in (t("history.log_title_one", "fr", title=title, game=game.id),
                       *(t("history.log_title", "fr", title=title, game=game.id, page=n, pages=n) for n in range(2, 9)))
    assert f"{title} — partie n° {game.id}" in heading
    *_, (number, lines) = entries(log.content).items()
    assert number == game.version == count and len(lines) > 1, log.content
    told = "\n".join(lines[1:])
    assert all(line.startswith("-# ") for line in lines[1:])
    live = "\n".join(channel_lines(harness, place))
    for name in ("reveal", "attack", "oblivion"):
        [event] = [e for e in events if e["key"].endswith(f".{name}")]
        sentence = as_sentence(PRESENTATION.event_line(game, event, "fr"))
        assert sentence in told and sentence in live, (sentence, told)     # worded as the live message words it
    # the placement itself is the move's own line, not told again under it
    [placed] = [e for e in events if e["key"].endswith(".placed")]
    assert as_sentence(PRESENTATION.event_line(game, placed, "fr")) not in told


async def test_every_page_of_a_whole_game_fits_a_message_in_whole_lines(harness, alice, fixed_seed):
    """A finished game read in Korean, page by page: each page within Discord's limit, headed with its number,
    every line whole (a move's line or a small line under it, and the first page's "The game begins!"), every move
    once and in order."""
    place = harness.channel()
    game = await play_to_the_end(harness, alice, place)
    harness.locale = "ko"
    first = (await harness.run("rfa log", user=alice, place=place, page=1)).only()
    pages = int(re.search(r"(\d+)쪽 중 1쪽", first.content).group(1))
    assert pages > 1
    numbers = []
    title = t("rollforadventure.title", "ko")
    for page in range(1, pages + 1):
        text = (await harness.run("rfa log", user=alice, place=place, page=page)).only().content
        lines = text.splitlines()
        assert len(text) <= MESSAGE_LIMIT
        assert lines[0] == t("history.log_title", "ko", title=title, game=game.id, page=page, pages=pages)
        begins = [t("play.game_started", "ko")] if page == 1 else []       # how the game began, before move 1
        assert all(MOVE_LINE.match(line) or line.startswith("-# ") or line in begins for line in lines[1:]), text
        assert not lines[1].startswith("-# ")        # a move's small lines stay on its page
        numbers += list(entries(text))
    assert numbers == list(range(1, game.version + 1))


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_page_one_tells_the_first_turn_and_its_roll_before_move_one(harness, alice, bob, monkeypatch, locale):
    """The first hero's turn and its opening roll happen before anyone moves: the log began with "1. Bob: Place 2 dice
    showing 6 on the Forest", dice nobody had seen rolled. Page 1 tells them first, under "The game begins!", worded
    as the live message words a turn and a roll."""
    game, place = await open_game(harness, [alice, bob], 5, monkeypatch, locale=locale)
    game = await play_moves(harness, game, [alice, bob], place, 2)
    start = KIND.create(len(game.seats), game.seed, game.options)          # the table before move 1
    hero = start["active"]
    turn = {"key": "rollforadventure.event.turn",
            "params": {"hero": hero, "seat": start["heroes"][hero]["seat"], "turn": 1}}
    roll = {"key": "rollforadventure.event.roll",
            "params": {"hero": hero, "values": sorted(d["v"] for d in start["dice"] if d["at"] == "pool")}}
    then = replace(game, state=start)
    told = SENTENCE_SEPARATOR.join(as_sentence(PRESENTATION.event_line(then, e, locale)) for e in (turn, roll))
    lines = (await harness.run("rfa log", user=alice, place=place, page=1)).only().content.splitlines()
    assert lines[1:3] == [t("play.game_started", locale), SUBTEXT + told]
    assert lines[3].startswith("1. ")


async def test_a_game_whose_players_pick_their_heroes_first_begins_with_the_first_pick(harness, alice, bob,
                                                                                       monkeypatch):
    """Nothing happens before the first pick of a hero: the log begins with it."""
    game, place = await open_game(harness, [alice, bob], 5, monkeypatch, heroes="choose")
    game = await play_moves(harness, game, [alice, bob], place, 1)
    lines = (await harness.run("rfa log", user=alice, place=place, page=1)).only().content.splitlines()
    assert lines[1].startswith("1. ") and not [line for line in lines if line == t("play.game_started", "en")]
