"""While the bot plays a seat for a player whose time ran out (the game's takeover), ``/<game> status`` and
``/games`` say so, and how the player takes the seat back. A German tour's status read only the lobby's setting
("Bot als Vertretung: Nie") and ``/games`` nothing at all, while the bot played Ben's turns."""
from __future__ import annotations

import pytest
from harness import CLOCK_T0

from bot.engine.table import TableMeta
from bot.i18n import t
from cogs.pace import duration_text

HOUR = 3600
T0 = CLOCK_T0


def embed_text(message) -> str:
    return "\n".join([e.get("title", "") for e in message.embeds]
                     + [f"{f.get('name', '')}: {f.get('value', '')}" for e in message.embeds
                        for f in e.get("fields", [])] + [e.get("description", "") for e in message.embeds])


async def fast_duel(h, alice, bob):
    """An English poker duel at the fast pace whose bot stands in when a player's hour runs out (``takeover``),
    started by alice with bob joined; returns its channel and game."""
    place = h.channel()
    created = await h.run("poker new", user=alice, place=place, pace="fast", takeover=24)
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=bob, place=place, label="Join")
    await h.click(lobby, user=alice, place=place, label="Start")
    return place, await h.bot.sessions.game_in_channel(place.channel_id)


async def bot_plays_for_bob(h, alice, bob):
    """An English poker duel at the fast pace whose bot stands in for an absent player (``takeover``: a dice poker
    reroll left waiting otherwise keeps all dice, by the game's rules, and nobody is asked): bob (who joined: he
    moves first) lets his hour run out and the bot plays for him."""
    place, game = await fast_duel(h, alice, bob)
    [item] = await h.bot.sessions.pending(game.id)
    assert item["seat"] == 1
    h.clock.now = T0 + HOUR + 1
    mark = len(h.rec.order)
    await h.bot.get_cog("Reminders").tick()
    notice = t("clock.ran_out_bot", "en", player=bob.mention, button=t("button.my_moves", "en"))
    assert notice in "\n".join(m.text() for m in h.rec.since(mark))
    await h.bot.bots.idle()
    game = await h.bot.sessions.load(game.id)
    assert TableMeta.of(game.meta).taken == {1}
    return place, game


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_status_and_games_say_the_bot_plays_for_the_player_and_how_to_take_the_seat_back(
        clocked, alice, bob, locale):
    h = clocked
    place, game = await bot_plays_for_bob(h, alice, bob)
    h.locale = {"en": "en-US"}.get(locale, locale)
    moves_button = t("button.my_moves", "en")                    # the game's message is English
    status = (await h.run("poker status", user=bob, place=place)).only()
    shown = embed_text(status)
    line = t("status.stand_in", locale, player=bob.mention, button=moves_button)
    assert t("status.stand_in.title", locale) in shown and line in shown, shown
    assert "⟦" not in shown

    games = (await h.run("games", user=bob, place=place)).only()
    assert t("mygames.stand_in", locale, button=moves_button) in games.text(), games.text()
    # alice's seat is her own: her list says nothing of a stand-in
    theirs = (await h.run("games", user=alice, place=place)).only()
    assert t("mygames.stand_in", locale, button=moves_button) not in theirs.text()


async def test_once_the_player_is_back_neither_says_it_any_more(clocked, alice, bob):
    h = clocked
    place, game = await bot_plays_for_bob(h, alice, bob)
    live = next(m for m in reversed(h.rec.order) if m.channel_id == place.channel_id and m.layout and m.buttons())
    await h.click(live, user=bob, place=place, label=t("button.my_moves", "en"))   # what the line says to do
    game = await h.bot.sessions.load(game.id)
    assert not TableMeta.of(game.meta).taken
    status = (await h.run("poker status", user=bob, place=place)).only()
    assert t("status.stand_in.title", "en") not in embed_text(status)
    games = (await h.run("games", user=bob, place=place)).only()
    assert "🤖" not in games.text()


async def play_to_the_end_keeping_everything(h, alice, place, game_id: int):
    """Alice keeps all her dice at each of her decisions (the bot plays bob's at once) until the match ends;
    returns the game and its final post."""
    game = await h.bot.sessions.load(game_id)
    while game.status == "active":
        await h.run("poker keep", user=alice, place=place, dice="1 2 3 4 5")
        await h.bot.bots.idle()
        game = await h.bot.sessions.load(game_id)
    final = next(m for m in reversed(h.rec.order) if m.channel_id == place.channel_id and m.layout
                 and "match.png" in m.file_names())
    return game, final


async def bot_wins_for_bob(h, alice, bob):
    """Bob's time runs out, the bot plays all his moves and (with ``fixed_seed``) wins the match for him: (the
    channel, the finished game, its final post)."""
    place, game = await bot_plays_for_bob(h, alice, bob)
    game, final = await play_to_the_end_keeping_everything(h, alice, place, game.id)
    kind = h.bot.sessions.kinds["dicepoker"]
    [winner] = [r["seat"] for r in kind.score(game.state)["ranking"] if r["place"] == 1]
    assert winner == 1                                         # the bot, playing for bob, won the match
    return place, game, final


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261130)


async def test_a_win_the_bot_played_for_is_no_win_of_the_player_and_the_result_says_who_played(
        clocked, alice, bob, fixed_seed):
    """Bob let his time run out and the bot played all his moves: the final post said "Bob: not rated, the bot
    played most of their moves", yet ``stats show`` gave him "Won: 1", "Most wins" listed him, and the match
    picture crowned "Bob" with no sign of the bot. By the rating's rule it is not his win, and the result names
    the seat as the bot's play."""
    h = clocked
    place, game, final = await bot_wins_for_bob(h, alice, bob)
    marked = t("play.stood_in_name", "en", player="Bob")
    assert marked in final.text(), final.text()                # "1. Bot for Bob — …"
    assert marked in final.alt_text("match.png")               # the picture names him so, as its alt text says
    assert t("ratings.final_stood_in", "en", player="Bob") in final.text()

    stats = (await h.run("poker stats show", user=bob, place=place)).only()
    got = {f["name"]: f["value"] for f in stats.embeds[0]["fields"]}
    assert got[t("stats.played", "en")] == "1" and got[t("stats.won", "en")] == "0", got
    assert got[t("stats.stood_in", "en")] == t("stats.stood_in_games", "en", games=1)
    assert got[t("stats.average_others", "en")] == "-"         # the bot's Gold is not his score
    board = (await h.run("poker stats leaderboard", user=alice, place=place)).only()
    wins = {f["name"]: f["value"] for f in board.embeds[0]["fields"]}[t("stats.board_wins_all", "en")]
    assert "Bob" not in wins, wins
    # alice's own record is untouched: her loss counts as played, her Gold as her score
    mine = {f["name"]: f["value"] for f in (await h.run("poker stats show", user=alice, place=place)).only()
            .embeds[0]["fields"]}
    assert mine[t("stats.played", "en")] == "1" and t("stats.stood_in", "en") not in mine


def live_message(h, place):
    """The game's live message: the newest layout message of its channel with something to click."""
    return next(m for m in reversed(h.rec.order) if m.channel_id == place.channel_id and not m.ephemeral
                and m.layout and (m.buttons() or m.selects()))


def offered_moves(message) -> list[str]:
    """The move components a message offers (buttons and selects that play or narrow moves)."""
    return [c["custom_id"] for c in message.buttons() + message.selects()
            if c.get("custom_id", "").startswith(("poker:m:", "poker:s:", "rp:m:", "rp:s:", "rp:t:", "rp:c:"))]


async def test_while_the_bot_stands_in_the_live_message_offers_the_player_no_menu(clocked, alice, bob):
    """Bob's time ran out and the bot played for him, while the live message went on saying "Bob: …" above Bob's
    menu of moves that were no longer his to make. Once the bot stands in, the live message offers no menu: its
    line says the bot plays for Bob and that "My moves" takes the seat back; it does, and his menu is back."""
    h = clocked
    place, game = await fast_duel(h, alice, bob)
    live = live_message(h, place)
    assert offered_moves(live), "Bob's menu, while he plays himself"
    h.bot.bots.pause = 3600                    # the bot takes its time: what does the table see meanwhile?
    h.clock.now = T0 + HOUR + 1
    mark = len(h.rec.order)
    await h.bot.get_cog("Reminders").tick()     # his hour ran out: the bot stands in (``takeover``)
    notice = t("clock.ran_out_bot", "en", player=bob.mention, button=t("button.my_moves", "en"))
    assert notice in "\n".join(m.text() for m in h.rec.since(mark))
    game = await h.bot.sessions.load(game.id)
    assert TableMeta.of(game.meta).taken == {1} and game.version == 0, "the bot has not moved yet"
    live = live_message(h, place)
    assert not offered_moves(live), live.text()
    decision = h.bot.games[game.kind].decision_text(decision_now(h, game), "en")
    stand_in = t("play.stand_in_turn", "en", player=f"**{game.seats[1].name}**", decision=decision,
                 button=t("button.my_moves", "en"))
    assert stand_in in live.text(), live.text()
    assert t("button.my_moves", "en") in [b["label"] for b in live.buttons()]

    await h.click(live, user=bob, place=place, label=t("button.my_moves", "en"))    # Bob is back
    game = await h.bot.sessions.load(game.id)
    assert not TableMeta.of(game.meta).taken
    live = live_message(h, place)
    assert offered_moves(live) and stand_in not in live.text(), live.text()
    # addressed again as the hand's message first did (an edit pings nobody)
    assert t("play.your_turn", "en", player=bob.mention, away="", decision=decision) in live.text()


def decision_now(h, game) -> str:
    """The decision the game waits for now (the one seat due)."""
    [item] = h.bot.sessions.kinds[game.kind].pending(game.state)
    return item["decision"]


async def test_every_look_at_the_result_names_the_seat_the_bot_played_as_the_final_post_does(
        clocked, alice, bob, fixed_seed):
    """The final post named Bob's seat "Bot for Bob" (the bot played all his moves), while ``/poker table`` and the
    replay's last step still crowned plain "Bob"."""
    h = clocked
    place, game = await bot_plays_for_bob(h, alice, bob)
    game, final = await play_to_the_end_keeping_everything(h, alice, place, game.id)
    marked = t("play.stood_in_name", "en", player="Bob")
    assert marked in final.text()

    table = (await h.run("poker table", user=alice, place=place)).only()
    [name] = table.file_names()
    assert marked in table.alt_text(name), table.alt_text(name)

    replay = (await h.run("poker replay", user=alice, place=place)).only()
    await h.click(replay, user=alice, place=place, label=t("history.last", "en"))
    assert marked in replay.text(), replay.text()
    assert marked in replay.alt_text(replay.file_names()[0])
    await h.click(replay, user=alice, place=place, label=t("history.first", "en"))
    assert marked not in replay.text()          # while the match was played, the seat was still Bob's own


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_against_a_bot_the_stand_in_makes_only_the_decision_that_timed_out(clocked, alice, locale):
    """Tour t15: Cleo's duel against the bot (best) at the fast pace: after her one timeout, "the bot plays for her
    until she is back" played the remaining 7 hands in 28 seconds, and she never had the chance to come back.
    Where nobody else waits on the seat, the stand-in makes only the decision that timed out, says so, and the
    seat stays hers: her next decision has its own clock (another hour), which she may use herself."""
    h = clocked
    h.locale = locale
    place = h.channel()
    created = await h.run("poker new", user=alice, place=place, pace="fast", takeover=24, bots=1, level="best")
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=alice, place=place, label=t("button.start", "en"))   # the server's language
    game = await h.bot.sessions.game_in_channel(place.channel_id)
    assert game.status == "active"
    await h.bot.bots.idle()
    game = await h.bot.sessions.load(game.id)
    [item] = await h.bot.sessions.pending(game.id)
    assert item["seat"] == 0
    moves_before = len(await h.bot.sessions.store.moves(game.id))
    h.clock.now = T0 + HOUR + 1
    mark = len(h.rec.order)
    await h.bot.get_cog("Reminders").tick()
    await h.bot.bots.idle()
    said = "\n".join(m.text() for m in h.rec.since(mark))
    language = game.meta.get("locale", locale)
    assert t("clock.ran_out_bot_once", language, player=alice.mention,
             time=duration_text(HOUR, language)) in said, said
    assert t("clock.ran_out_bot", language, player=alice.mention) not in said
    game = await h.bot.sessions.load(game.id)
    assert game.status == "active" and not TableMeta.of(game.meta).taken
    played_for_her = [m for m in (await h.bot.sessions.store.moves(game.id))[moves_before:]
                      if m.seat == 0 and m.user_id is None]
    assert len(played_for_her) == 1, played_for_her
    [item] = await h.bot.sessions.pending(game.id)
    assert item["seat"] == 0                            # her next decision waits for her, with its own hour
    h.clock.now = T0 + HOUR + 30 * 60
    await h.bot.get_cog("Reminders").tick()
    await h.bot.bots.idle()
    assert len([m for m in await h.bot.sessions.store.moves(game.id) if m.seat == 0 and m.user_id is None]) == 1


async def test_against_a_bot_an_idle_player_has_one_decision_made_for_them_at_a_time(clocked, alice):
    """A duel against the bot without a clock, whose bot stands in after 24 hours away (``takeover:24``): Cleo let a
    day pass, and the idle-seat takeover took her seat over "until she is back", so the bot played the whole match
    against itself within seconds. As when a turn clock runs out, where nobody else waits on the seat the stand-in
    makes one decision for her and waits: the seat stays hers, and the next decision waits another day for her."""
    h = clocked
    place = h.channel()
    created = await h.run("poker new", user=alice, place=place, pace="none", takeover=24, bots=1, level="best")
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=alice, place=place, label=t("button.start", "en"))
    game = await h.bot.sessions.game_in_channel(place.channel_id)
    await h.bot.bots.idle()

    def played_for_her(moves) -> list:
        return [m for m in moves if m.seat == 0 and m.user_id is None]

    for day in (1, 2):
        h.clock.now = T0 + day * 24 * HOUR + day
        for minute in range(3):                        # the takeover's ticks, a minute apart
            h.clock.now += 60 * minute
            await h.bot.get_cog("Reminders").tick()
            await h.bot.bots.idle()
        game = await h.bot.sessions.load(game.id)
        assert game.status == "active" and not TableMeta.of(game.meta).taken
        assert len(played_for_her(await h.bot.sessions.store.moves(game.id))) == day
        [item] = await h.bot.sessions.pending(game.id)
        assert item["seat"] == 0                       # her next decision waits for her
