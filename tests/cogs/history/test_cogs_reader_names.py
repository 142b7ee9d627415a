"""A bot seat's name is stored in the game's language ("봇 (어려움)" in a Korean game); whoever reads a private
view reads it in their own ("Bot (hard)"), text and pictures alike, while the public posts keep the game's. And a
list of players joined in code writes Korean's 님 after each person, never after a bot (Tour V, items 2 and 4)."""
from __future__ import annotations

import pytest
from harness import User
from history_kit import finish

from bot.i18n import t

DAN = User(id=100_000_000_000_000_004, name="dan")


def bot_name(locale: str) -> str:
    return t("bot.seat_name", locale, level=t("bot.level.hard", locale))


@pytest.fixture
def drawn(harness, monkeypatch):
    """The seat names every Roll Player table picture was drawn with, and in which language: (locale, names)."""
    presentation = type(harness.bot.games["rollplayer"])
    original = presentation.table_picture
    seen: list[tuple[str, list[str]]] = []

    def table_picture(self, game, locale):
        seen.append((locale, [s.name for s in game.seats]))
        return original(self, game, locale)
    monkeypatch.setattr(presentation, "table_picture", table_picture)
    return seen


async def korean_game(harness, alice, bob, place):
    """Alice (Korean) opens a Korean Roll Player game with a hard bot; Bob (English) joins; Alice starts it. Seats:
    Alice, the bot, Bob. The bot never moves by itself here (each test moves it when it wants)."""
    harness.bot.bots.pause = 3600
    harness.locale = "ko"
    await harness.run("new", user=alice, place=place, players=3, bots=1, level="hard", language="ko")
    harness.locale = "en-US"
    await harness.run("join", user=bob, place=place)
    harness.locale = "ko"
    await harness.run("start", user=alice, place=place)
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert [s.name for s in game.seats] == ["Alice", bot_name("ko"), "Bob"] and game.meta["locale"] == "ko"
    return game


async def move_on(harness, game_id: int) -> None:
    """Whoever is due makes their first legal move (a bot through the bot's path); the live message follows."""
    sessions = harness.bot.sessions
    game = await sessions.load(game_id)
    kind = sessions.kinds[game.kind]
    seat = kind.pending(game.state)[0]["seat"]
    move = kind.legal_moves(game.state, seat)[0]
    if game.seats[seat].is_ai:
        await sessions.apply_ai(game_id, seat, move, locale="ko")
    else:
        await sessions.apply(game_id, game.seats[seat].user_id, move, locale="ko")
    await harness.bot.courier.deliver(game_id)


async def due_seats(harness, game_id: int) -> list[int]:
    game = await harness.bot.sessions.load(game_id)
    return [p["seat"] for p in harness.bot.sessions.kinds[game.kind].pending(game.state)]


async def until_due(harness, game_id: int, seat: int) -> None:
    """Moves are made until ``seat`` alone is due (the setup's choices go round the table one seat at a time, in
    an order the seed decides)."""
    for _ in range(6):
        if await due_seats(harness, game_id) == [seat]:
            return
        await move_on(harness, game_id)
    raise AssertionError(f"seat {seat} was never due alone")


async def test_a_private_copy_of_a_korean_replay_names_the_bot_in_the_readers_language(harness, alice, bob, drawn):
    """Tour V, item 2, as seen: Ann posted the replay of a finished Korean game; Dan (English) clicked Next and got
    "Projected score: Ann 1 · 봇 (어려움) 4 · Ben 2", and the table picture named "봇 (어려움)" too. His copy, and
    his ``/rp log``, now name "Bot (hard)"; the posted replay keeps the Korean name, and so does the game."""
    place = harness.channel()
    game = await korean_game(harness, alice, bob, place)
    await finish(harness, game.id)
    harness.locale = "ko"
    [posted] = (await harness.run("replay", user=alice, place=place, post=True)).public()
    assert bot_name("ko") in posted.content and drawn == [("ko", ["Alice", bot_name("ko"), "Bob"])], posted.content
    drawn.clear()

    harness.locale = "en-US"
    copy = (await harness.click(posted, user=DAN, place=place, label=t("history.next", "ko"))).only()
    assert copy.ephemeral and "Score so far" in copy.content, copy.content        # in English, as Roll Player says it
    assert bot_name("en") in copy.content and bot_name("ko") not in copy.content, copy.content
    assert drawn == [("en", ["Alice", bot_name("en"), "Bob"])], "the copy's table picture names the bot in English"

    log = (await harness.run("log", user=bob, place=place)).only()
    assert bot_name("en") in log.content and bot_name("ko") not in log.content, log.content
    harness.locale = "ko"
    korean = (await harness.run("log", user=alice, place=place)).only()
    assert bot_name("ko") in korean.content and bot_name("en") not in korean.content, korean.content
    stored = await harness.bot.sessions.load(game.id)
    assert [s.name for s in stored.seats] == ["Alice", bot_name("ko"), "Bob"], "nothing stored changes"


async def test_games_refusals_and_looks_name_the_bot_in_the_readers_language(harness, alice, bob, drawn):
    """Tour V, item 2: the same stored name showed in ``/games``, in a "not your turn" refusal and in the table
    picture an English reader of a Korean game asked for. Each names the bot as its reader reads it; the live
    message, public, keeps the game's language."""
    place = harness.channel()
    game = await korean_game(harness, alice, bob, place)
    await until_due(harness, game.id, 1)                         # the bot is due

    harness.locale = "en-US"
    games = (await harness.run("games", user=bob, place=place)).only().text()
    assert t("mygames.due", "en", players=bot_name("en")) in games and bot_name("ko") not in games, games
    refused = (await harness.run("play", user=bob, place=place)).only()
    assert refused.ephemeral and refused.content == t("error.not_your_turn", "en", players=bot_name("en"))
    drawn.clear()
    await harness.run("table", user=bob, place=place)
    assert drawn == [("en", ["Alice", bot_name("en"), "Bob"])]

    harness.locale = "de"
    status = (await harness.run("status", user=bob, place=place)).only().text()
    assert bot_name("de") in status and bot_name("ko") not in status, status
    live = [m for m in harness.rec.order if m.channel_id == place.channel_id and m.layout and not m.ephemeral][-1]
    assert bot_name("ko") in live.text() and bot_name("en") not in live.text(), "the public post keeps Korean"


async def test_korean_lists_of_players_write_nim_after_people_and_never_after_bots(harness, alice, bob):
    """Tour V, item 4, as seen: "지금은 차례가 아니에요. 기다리는 사람: Ben." and "차례: 봇 (어려움), Ben": a list
    joined in code, so its catalog text could not put 님 after each name. Each person now reads "Bob 님", a bot
    keeps its name alone, as the game posts write them ("Ben 님이 …", "봇 (어려움)가 …")."""
    place = harness.channel()
    game = await korean_game(harness, alice, bob, place)
    await until_due(harness, game.id, 1)                         # the bot is due
    harness.locale = "ko"
    refused = (await harness.run("play", user=alice, place=place)).only()
    assert refused.content == "지금은 차례가 아니에요. 기다리는 사람: 봇 (어려움).", refused.content
    games = (await harness.run("games", user=alice, place=place)).only().text()
    assert "차례: 봇 (어려움)" in games and "봇 (어려움) 님" not in games, games

    await until_due(harness, game.id, 2)                         # Bob is due
    refused = (await harness.run("play", user=alice, place=place)).only()
    assert refused.content == "지금은 차례가 아니에요. 기다리는 사람: Bob 님.", refused.content
    games = (await harness.run("games", user=alice, place=place)).only().text()
    assert "차례: Bob 님. " in games, games
    harness.locale = "en-US"                                      # English writes names alone
    refused = (await harness.run("play", user=alice, place=place)).only()
    assert refused.content == t("error.not_your_turn", "en", players="Bob")


async def test_an_undo_overtaken_by_several_players_names_each_person_with_nim():
    """The same list in an undo refused because others moved since: "그 뒤에 Ann 님, 봇 (어려움)이 행동했어요"
    (it read "Ann, 봇 (어려움) 님이": 님 after the last name only, a bot's here, none after Ann)."""
    from types import SimpleNamespace

    from bot.engine.records import GameView, MoveRecord, Seat
    from cogs.undo import Undo

    async def moves_between(game_id, after, upto):
        return [MoveRecord(1, 5, 0, 10, {}, 0.0), MoveRecord(1, 6, 2, None, {}, 0.0)]
    sessions = SimpleNamespace(store=SimpleNamespace(moves_between=moves_between))
    kind = SimpleNamespace(ai_levels=("easy", "normal", "hard"))
    service = Undo(SimpleNamespace(sessions=sessions, games=SimpleNamespace(kind=lambda name: kind), bots=None))
    seats = (Seat(0, 10, "Ann"), Seat(1, 11, "Bob"), Seat(2, None, bot_name("en"), is_ai=True))
    game = GameView(1, "rollplayer", 5, 6, "active", 10, {}, 1, 3, seats, 6, None, 0.0, 0.0, 0.0, None, None, 0,
                    meta={"bots": {"2": "hard"}})
    key, params = await Undo.overtaken_reason(service, game, 1, 4, "ko")
    assert t(key, "ko", **params) == "이제 되돌릴 수 없어요: 그 뒤에 Ann 님, 봇 (어려움)이 행동했어요."
    key, params = await Undo.overtaken_reason(service, game, 1, 4, "en")
    assert params == {"players": "Ann and Bot (hard)"}                   # listed as English lists (bot.i18n.listed)


async def test_korean_writes_no_nim_after_a_forgotten_player(harness, alice, bob):
    """A player who used forget-me reads "탈퇴한 플레이어" ("Former player") in Korean: a description, no person's
    name, yet Korean texts wrote 님 after it as after a person ("탈퇴한 플레이어 님의 시트", and in a list joined in
    code "Bob 님, 탈퇴한 플레이어 님"). Now it takes none, as a bot seat does, while every person keeps theirs."""
    from history_kit import duel

    from cogs.seats import listed_players, shown_game

    place = harness.channel()
    game = await duel(harness, [alice, bob], place)
    await finish(harness, game.id)
    prompt = (await harness.run("stats forget-me", user=alice, place=place)).only()
    await harness.click(prompt, user=alice, place=place, label=t("stats.forget_confirm", "en"))
    former = t("history.former_player", "ko")
    assert former == "탈퇴한 플레이어"

    harness.locale = "ko"
    assert (await harness.run("sheet", user=bob, place=place, seat=1)).only().text() == "탈퇴한 플레이어의 시트"
    assert (await harness.run("sheet", user=bob, place=place, seat=2)).only().text() == "Bob 님의 시트"
    game = await harness.bot.sessions.load(game.id)
    shown = shown_game(game, "ko", harness.bot.sessions.kinds[game.kind])
    assert listed_players(shown, [1, 0], "ko") == f"Bob 님, {former}"
    # a public post reads the stored, English, name: no 님 after it either, and its particle fits it
    assert listed_players(game, [0, 1], "ko") == "Former player, Bob 님"
    moved = t("undo.refused_player_moved", "ko", player=former)
    assert moved == "이제 되돌릴 수 없어요: 그 뒤에 탈퇴한 플레이어가 행동했어요.", moved
