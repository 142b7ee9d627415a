"""Steps of the /rfa tests that play a game as a tour did (issue t5: Roll for Adventure co-op in Korean on a
phone): find a seed whose game (the team policy's moves, as these tests click them) comes to a moment worth
looking at, open that game through the lobby and click it there, then read what the channel shows."""
from __future__ import annotations

from collections.abc import Callable

from harness import User
from rfa_clicks import KIND, click_move, due_seat, latest_turn_post

from bot.games.rollforadventure import policy
from bot.i18n import t
from cogs.rollforadventure import PRESENTATION

DAVE = User(id=100_000_000_000_000_004, name="dave")

#: (state before, move, events, state after) -> whether the game came where a test wants it
Moment = Callable[[dict, dict, list[dict], dict], bool]


def lobby_options(**chosen) -> dict:
    """The rules options the lobby makes of these switches (as ``/rfa new`` takes them), as a game keeps them."""
    return KIND.create(2, 0, PRESENTATION.game_options(chosen, solo=False))["options"]


def moves_until(players: int, seed: int, options: dict, moment: Moment, limit: int = 400) -> int | None:
    """How many policy moves (move ``n`` chosen with seed ``n``, as :func:`play_until` clicks them) the game of
    ``seed`` takes until ``moment`` holds after one of them; None when it never does (or the game ends)."""
    state = KIND.create(players, seed, options)
    for n in range(limit):
        if state["result"]:
            return None
        seat = state["decision"]["seat"]
        move = policy.choose_move(state, seat, n)
        after, events = KIND.apply(state, seat, move)
        if moment(state, move, events, after):
            return n + 1
        state = after
    return None


def seed_for(players: int, options: dict, moment: Moment, seeds=range(80)) -> tuple[int, int]:
    """The first seed (and its number of moves) whose game comes to ``moment``."""
    for seed in seeds:
        n = moves_until(players, seed, options, moment)
        if n is not None:
            return seed, n
    raise AssertionError("no seed comes to that moment")


async def open_game(harness, users, seed: int, monkeypatch, *, locale: str = "en", **switches):
    """A game of ``users`` opened (in ``locale``) and started through the lobby, dealt from ``seed``."""
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: seed)
    harness.locale = locale
    place = harness.channel()
    created = await harness.run("rfa new", user=users[0], place=place, players=len(users), language=locale,
                                **switches)
    lobby = next(m for m in created.messages if m.buttons())
    for user in users[1:]:
        await harness.click(lobby, user=user, place=place, label=t("button.join", locale))
    await harness.click(lobby, user=users[0], place=place, label=t("button.start", locale))
    return await harness.bot.sessions.game_in_channel(place.channel_id), place


def user_due(game, users):
    return next(u for u in users if u.id == game.seats[due_seat(game)].user_id)


async def play_moves(harness, game, users, place, count: int, start: int = 0):
    """``count`` moves of the team policy, each clicked by the player due; the game after them."""
    for n in range(start, start + count):
        move = policy.choose_move(game.state, due_seat(game), n)
        await click_move(harness, latest_turn_post(harness, place), game, move, user=user_due(game, users),
                         place=place)
        game = await harness.bot.sessions.load(game.id)
    return game


def channel_lines(harness, place) -> list[str]:
    """Every line of text the channel shows now (public messages, as edited last), oldest message first."""
    return [line for m in harness.rec.order if m.channel_id == place.channel_id and not m.ephemeral
            and not m.deleted for line in m.text().splitlines()]
