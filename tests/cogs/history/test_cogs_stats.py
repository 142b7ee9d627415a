"""``/<game> stats show|leaderboard|forget-me`` through the cogs, after restarts and a migration from v3."""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

import pytest
from harness import BOT_USER_ID, Harness, User
from history_kit import duel, finish, solo_game

from bot.app import create_bot
from bot.i18n import t


class Clock:
    def __init__(self, when: datetime):
        self.now = when.timestamp()

    def __call__(self) -> float:
        return self.now

    def at(self, when: datetime) -> None:
        self.now = when.timestamp()


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=timezone.utc)


def fields(message) -> dict[str, str]:
    [embed] = message.embeds
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


async def seat_results(harness, game_id: int) -> dict[int, tuple[int, int, int]]:
    """user id → (total, place, seats) read from the finished game's own score (not from the stats code)."""
    game = await harness.bot.sessions.load(game_id)
    kind = harness.bot.sessions.kinds[game.kind]
    out = {}
    for entry in kind.score(game.state)["ranking"]:
        seat = entry.get("seat", entry.get("index"))
        out[game.seats[seat].user_id] = (entry["total"], entry["place"], len(game.seats))
    return out


async def play_some(harness, alice, bob, clock=None):
    """Two Roll Player duels in one server channel and one solo game each for Alice; returns the games'
    results by user and the solo game's id."""
    place = harness.channel()
    results = []
    for when in ((utc(2026, 10, 15, 12),) if clock else (None,)) + ((utc(2026, 11, 10, 12),) if clock else (None,)):
        if clock:
            clock.at(when)
        game = await duel(harness, [alice, bob], place)
        await finish(harness, game.id)
        results.append(await seat_results(harness, game.id))
    if clock:
        clock.at(utc(2026, 10, 20, 12))                 # her solo game: last month
    solo, _ = await solo_game(harness, alice)
    await finish(harness, solo.id)
    results.append(await seat_results(harness, solo.id))
    return place, results, solo.id


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261124)


def expected_stats(results, user_id):
    mine = [r[user_id] for r in results if user_id in r]
    totals = [total for total, _, _ in mine]
    won = sum(1 for _, place, seats in mine if seats > 1 and place == 1)
    average = sum(totals) / len(totals)
    return len(mine), won, (str(int(average)) if average.is_integer() else f"{average:.1f}"), str(max(totals))


async def test_stats_after_several_games_including_solo(harness, alice, bob, fixed_seed):
    place, results, solo_id = await play_some(harness, alice, bob)
    played, won, average, best = expected_stats(results, alice.id)
    shown = (await harness.run("stats show", user=alice, place=place)).only()
    assert shown.ephemeral
    got = fields(shown)
    assert (got[t("stats.played", "en")], got[t("stats.won", "en")], got[t("stats.average", "en")],
            got[t("stats.best", "en")]) == (str(played), str(won), f"{average} reputation", f"{best} reputation")
    solo = await harness.bot.sessions.load(solo_id)
    rating = harness.bot.sessions.kinds["rollplayer"].score(solo.state)["rating"]
    solo_total = results[-1][alice.id][0]
    # with its unit and its number, which replay takes (a newcomer could not find his best game again)
    assert got[t("stats.best_solo", "en")] == f"{solo_total} reputation ({t(rating, 'en')}), game #{solo_id}"

    of_bob = fields((await harness.run("stats show", user=alice, place=place, player=bob)).only())
    played, won, average, best = expected_stats(results, bob.id)
    assert of_bob[t("stats.played", "en")] == "2" == str(played) and of_bob[t("stats.won", "en")] == str(won)
    assert of_bob[t("stats.best_solo", "en")] == t("stats.best_solo_none", "en")
    # each group shows its own game: no poker played
    poker = (await harness.run("poker stats show", user=alice, place=place)).only()
    assert t("stats.no_games", "en", game=t(harness.bot.games["dicepoker"].title_key, "en")) in poker.text()


@pytest.mark.parametrize("locale", ["en-US", "de", "fr", "ko"])
async def test_a_bot_user_has_no_stats(harness, alice, locale):
    """A Korean tour's ``/rp stats show player:@Rollbot`` read "롤 플레이어: Rollbot 님의 통계" with no games: a
    bot account plays no game of its own. The answer says so, privately, in the asker's language."""
    harness.locale = locale
    place = harness.channel()
    for bot in (User(id=BOT_USER_ID, name="rollbot", bot=True), User(id=900_000_000_000_000_077, name="dicer",
                                                                     bot=True)):
        answer = (await harness.run("stats show", user=alice, place=place, player=bot)).only()
        assert answer.ephemeral and answer.content == t("stats.error.bot", locale[:2]), answer.content
        assert not answer.embeds


async def test_leaderboard_this_month_and_all_time(harness, alice, bob, carol, fixed_seed):
    clock = Clock(utc(2026, 10, 1))
    harness.bot.sessions._clock = clock
    harness.bot.stats.clock = clock
    place, results, _ = await play_some(harness, alice, bob, clock)
    carol_solo, _ = await solo_game(harness, carol)
    await finish(harness, carol_solo.id)
    carol_total = (await seat_results(harness, carol_solo.id))[carol.id][0]
    clock.at(utc(2026, 11, 20, 12))

    board = fields((await harness.run("stats leaderboard", user=bob, place=place)).only())
    october, november = results[0], results[1]
    month_winner = next(user for user, (_, p, _) in november.items() if p == 1)
    name = {alice.id: "Alice", bob.id: "Bob"}
    assert board[t("stats.board_wins_month", "en")] == t("stats.board_wins_line", "en", place=1,
                                                           player=name[month_winner], wins=1)
    wins = {alice.id: 0, bob.id: 0}
    for game in (october, november):
        for user, (_, p, _) in game.items():
            wins[user] += p == 1
    ranked = sorted((u for u in wins if wins[u]), key=lambda u: (-wins[u], name[u]))
    # a tie shares its place (t14: "1. Ann : 1 / 2. Dan : 1" ranked Dan below her)
    places = [1 + sum(wins[other] > wins[u] for other in ranked) for u in ranked]
    assert board[t("stats.board_wins_all", "en")] == "\n".join(
        t("stats.board_wins_line", "en", place=p, player=name[u], wins=wins[u]) for p, u in zip(places, ranked))
    # solo: Alice's October game is not this month's; Carol was never seen in this server
    assert board[t("stats.board_solo_month", "en")] == t("stats.board_empty", "en")
    all_solo = board[t("stats.board_solo_all", "en")]
    assert all_solo.startswith(f"1. Alice: {results[-1][alice.id][0]} reputation (") and "Carol" not in all_solo
    # Carol looks at the board in the server: from now on her solo games count there
    await harness.run("stats leaderboard", user=carol, place=place)
    all_solo = fields((await harness.run("stats leaderboard", user=bob, place=place)).only())[
        t("stats.board_solo_all", "en")]
    assert f"Carol: {carol_total} reputation" in all_solo and "Alice" in all_solo
    # a DM has no server board
    refused = await harness.run("stats leaderboard", user=bob, place=harness.dm())
    assert t("error.guild_only", "en") in refused.text()
    # a new month: nobody has won yet
    clock.at(utc(2026, 12, 1, 0, 0, 1))
    december = fields((await harness.run("stats leaderboard", user=bob, place=place)).only())
    assert december[t("stats.board_wins_month", "en")] == t("stats.board_empty", "en")


async def test_forget_me_anonymises_finished_games_only(harness, alice, bob, fixed_seed):
    place = harness.channel()
    game = await duel(harness, [alice, bob], place)
    await finish(harness, game.id)
    running = await duel(harness, [alice, bob], place)

    prompt = (await harness.run("stats forget-me", user=alice, place=place)).only()
    assert prompt.ephemeral and "not touched" in prompt.content
    refused = await harness.click(prompt, user=bob, place=place, label=t("stats.forget_confirm", "en"))
    assert t("stats.error.forget_not_yours", "en") in refused.text()
    assert fields((await harness.run("stats show", user=alice, place=place)).only())[t("stats.played", "en")] == "1"

    await harness.click(prompt, user=alice, place=place, label=t("stats.forget_confirm", "en"))
    assert t("stats.forget_done", "en", games=1) == prompt.content and not prompt.buttons()
    gone = (await harness.run("stats show", user=alice, place=place)).only()
    assert t("stats.no_games", "en", game=t(harness.bot.games["rollplayer"].title_key, "en")) in gone.text()
    assert fields((await harness.run("stats show", user=bob, place=place)).only())[t("stats.played", "en")] == "1"
    # the finished game names her seat "Former player" (in the reader's language), the running one is hers
    log = (await harness.run("log", user=bob, place=place, game=game.id)).only()
    assert "Former player" in log.content and "Alice" not in log.content
    # her moves lost their user too: they are not taken for moves the bot played for her
    assert "🤖 for Former player" not in log.content and ". Former player: " in log.content, log.content
    assert (await harness.bot.sessions.load(running.id)).seat_of(alice.id) is not None
    board = fields((await harness.run("stats leaderboard", user=bob, place=place)).only())
    assert "Alice" not in "\n".join(board.values())


async def test_stats_survive_a_restart(settings, alice, bob, fixed_seed):
    harness = Harness(await create_bot(settings, sync_commands=False, run_reminders=False))
    await harness.start()
    try:
        place, results, _ = await play_some(harness, alice, bob)
        before_stats = (await harness.run("stats show", user=alice, place=place)).only().text()
        before_board = (await harness.run("stats leaderboard", user=bob, place=place)).only().text()
    finally:
        await harness.close()
    played, won, average, best = expected_stats(results, alice.id)
    assert f"{t('stats.played', 'en')}\n{played}" in before_stats and "Alice" in before_board

    async def shown(path) -> tuple[str, str]:
        again = Harness(await create_bot(replace(settings, db_path=path), sync_commands=False, run_reminders=False))
        await again.start()
        try:
            return ((await again.run("stats show", user=alice, place=place)).only().text(),
                    (await again.run("stats leaderboard", user=bob, place=place)).only().text())
        finally:
            await again.close()

    source = settings.db_path
    assert await shown(source) == (before_stats, before_board)            # a restart: a new manager, same file


async def test_every_group_lists_the_history_and_stats_commands_in_its_help(harness, alice):
    place = harness.channel()
    for group in ("rp", "poker"):
        text = (await harness.run(f"{group} help", user=alice, place=place)).only().text()
        assert t("help.section.history", "en") in text
        for path in ("log", "replay", "stats show", "stats leaderboard", "stats forget-me"):
            assert f"/{group} {path}" in text, (group, path)
        assert "⟦" not in text
    harness.locale = "de"
    german = (await harness.run("rp help", user=alice, place=place)).only().text()
    assert t("help.section.history", "de") in german and t("help.cmd.stats.forget-me", "de") in german


async def test_the_final_post_says_why_a_player_the_bot_stood_in_for_is_not_rated():
    from types import SimpleNamespace

    from cogs.stats import rating_change_lines

    async def rating_changes(game_id):
        return {0: (1000, 1040, 1)}
    sessions = SimpleNamespace(store=SimpleNamespace(rating_changes=rating_changes))
    seats = [SimpleNamespace(seat=0, name="Ann", is_ai=False, user_id=1),
             SimpleNamespace(seat=1, name="Ben", is_ai=False, user_id=2),
             SimpleNamespace(seat=2, name="Bot (easy)", is_ai=True, user_id=None)]
    lines = await rating_change_lines(sessions, SimpleNamespace(id=5, seats=seats, meta={}), "en")
    assert lines[-1] == t("ratings.final_stood_in", "en", player="Ben") and len(lines) == 3


async def test_an_average_is_written_as_the_readers_language_writes_numbers(harness, alice, bob, fixed_seed):
    """Cleo's French ``stats show`` read "Score moyen: 17.5", Ben's German "Durchschnitt: 17.5": a decimal comma
    in both (Babel, as the hints write their numbers); English keeps its point."""
    place, results, _ = await play_some(harness, alice, bob)
    _, _, average, _ = expected_stats(results, alice.id)
    assert "." in average, average                    # these games give a fractional average
    for locale, written in (("fr", average.replace(".", ",")), ("de", average.replace(".", ",")), ("en", average)):
        harness.locale = locale
        got = fields((await harness.run("stats show", user=alice, place=place)).only())
        assert got[t("stats.average", locale)] == t("rollplayer.score_unit", locale, score=written), (locale, got)


@pytest.mark.parametrize("locale", ["en-US", "de", "fr", "ko"])
async def test_poker_gives_its_tavern_nights_gold_apart_from_its_duels(harness, alice, bob, fixed_seed, locale):
    """Alice's ``/poker stats show`` read "Average score: 20" for a duel she ended with 8 Gold and a tavern night
    with 32: a night starts with 30 Gold, a duel with 5. The duels' average and best are shown apart from the
    tavern nights', each field saying which."""
    place = harness.channel()
    game = await duel(harness, [alice, bob], place, group="poker")
    await finish(harness, game.id)
    duel_gold = (await seat_results(harness, game.id))[alice.id][0]
    night, _ = await solo_game(harness, alice, group="poker")
    await finish(harness, night.id)
    night_gold = (await seat_results(harness, night.id))[alice.id][0]
    assert night_gold != duel_gold
    harness.locale = locale
    lang = locale[:2]
    got = fields((await harness.run("poker stats show", user=alice, place=place)).only())
    gold = t("dicepoker.score_unit", lang, score=duel_gold)
    assert got[t("stats.average_others", lang)] == gold == got[t("stats.best_others", lang)], got
    night_text = t("dicepoker.score_unit", lang, score=night_gold)
    best = t("stats.best_game", lang, score=night_text, game=night.id)
    assert got[t("dicepoker.stats.board.house", lang)] == t("stats.board_figures", lang, best=best,
                                                            average=night_text, games=1), got
    assert t("stats.average", lang) not in got and "⟦" not in repr(got)    # (Roll Player keeps its one average)


async def test_a_korean_leaderboard_honours_each_player(harness, alice, bob, fixed_seed):
    """A Korean tour's ``/poker 통계 순위표`` read "1. Ann: 6" where ``/poker 통계 보기`` wrote "Ann 님의 통계": every
    line of the boards names a person with 님 now (the wins, the solo scores and the ratings)."""
    place = harness.channel()
    game = await duel(harness, [alice, bob], place)
    await finish(harness, game.id)
    solo, _ = await solo_game(harness, alice)
    await finish(harness, solo.id)
    harness.locale = "ko"
    board = fields((await harness.run("stats leaderboard", user=alice, place=place)).only())
    lines = [line for text in board.values() for line in text.splitlines() if line[:1].isdigit()]
    wins, solos = board[t("stats.board_wins_all", "ko")], board[t("stats.board_solo_all", "ko")]
    rated = board[t("ratings.board", "ko")]
    assert wins and solos.startswith("1. Alice 님: ") and rated.startswith("1. ") and " 님: " in rated, board
    assert lines and all(" 님: " in line for line in lines), lines


@pytest.mark.parametrize("locale", ["en-US", "de", "fr", "ko"])
async def test_poker_ranks_each_table_and_the_gamblers_on_a_board_of_its_own(harness, alice, bob, carol, fixed_seed,
                                                                            locale):
    """Tour t9: "Best solo scores: 1. Dan: 39, 2. Ben: 34" put Dan's printed-table night (stake 1, a table that pays
    more than it costs: every hand kept without a decision) above Ben's house-table night played to every hint, and
    ``/poker stats show``'s "Best solo game" and its average mixed the two tables and the local gamblers (a 5-Gold
    purse; until now averaged with duels "against others"). Each table and the gamblers now have a board and a
    field of their own, named in the reader's language; a duel stays "against others"."""
    place = harness.channel()
    played, ids = {}, {}
    for user, options in ((alice, {}), (bob, {"table": "printed"}), (alice, {"table": "printed"}),
                          (carol, {"mode": "gamblers"})):
        game, _ = await solo_game(harness, user, group="poker", **options)
        await finish(harness, game.id)
        played.setdefault(user.id, []).append((await seat_results(harness, game.id))[user.id][0])
        ids.setdefault(user.id, []).append(game.id)
        await harness.run("poker stats leaderboard", user=user, place=place)      # seen in the server
    game = await duel(harness, [alice, carol], place, group="poker")
    await finish(harness, game.id)
    carol_duel = (await seat_results(harness, game.id))[carol.id][0]
    (house, printed), bob_printed, [gamblers] = played[alice.id], played[bob.id][0], played[carol.id]
    harness.locale = locale
    lang = locale[:2]
    names = {board: t(f"dicepoker.stats.board.{board}", lang) for board in ("house", "printed", "gamblers")}

    def gold(n):
        return t("dicepoker.score_unit", lang, score=n)

    def figures(n, game_id):
        return t("stats.board_figures", lang, best=t("stats.best_game", lang, score=gold(n), game=game_id),
                 average=gold(n), games=1)

    board = fields((await harness.run("poker stats leaderboard", user=bob, place=place)).only())
    for period in ("month", "all"):
        key = "stats.board_solo_month_of" if period == "month" else "stats.board_solo_all_of"
        got = {b: board[t(key, lang, board=name)] for b, name in names.items()}
        assert got["house"] == t("stats.board_solo_line", lang, place=1, player="Alice", score=gold(house)), got
        ranked = sorted([("Bob", bob_printed), ("Alice", printed)], key=lambda p: -p[1])   # Bob's came first
        assert got["printed"] == "\n".join(t("stats.board_solo_line", lang, place=i + 1, player=who, score=gold(score))
                                           for i, (who, score) in enumerate(ranked)), got
        assert got["gamblers"] == t("stats.board_solo_line", lang, place=1, player="Carol", score=gold(gamblers)), got
    assert t("stats.board_solo_all", lang) not in board and t("stats.board_solo_month", lang) not in board

    alice_stats = fields((await harness.run("poker stats show", user=alice, place=place)).only())
    for name, score, game_id in ((names["house"], house, ids[alice.id][0]),
                                 (names["printed"], printed, ids[alice.id][1])):
        assert alice_stats[name] == figures(score, game_id), alice_stats
    assert names["gamblers"] not in alice_stats and t("stats.best_solo", lang) not in alice_stats
    carol_stats = fields((await harness.run("poker stats show", user=carol, place=place)).only())
    assert carol_stats[names["gamblers"]] == figures(gamblers, ids[carol.id][0])
    assert carol_stats[t("stats.average_others", lang)] == gold(carol_duel) == carol_stats[t("stats.best_others", lang)]
