"""Ratings through the cogs: a finished 3-player game moves its players' ratings (final post, ``stats show``,
``stats leaderboard``), the same after a restart and after ``migrate-db`` to PostgreSQL, in every language."""
from __future__ import annotations

import io
from dataclasses import replace

from harness import Harness
from history_kit import duel, finish, solo_game

from bot.app import create_bot
from bot.engine import ratings
from bot.engine.__main__ import build_registry
from bot.engine.pg_migrate import run_migrate_db
from bot.i18n import t
from cogs.stats import rating_change_lines, rating_text
from images.labels import spoken_signed

LOCALES = {"en": "en-US", "de": "de", "fr": "fr", "ko": "ko"}


def fields(message) -> dict[str, str]:
    [embed] = message.embeds
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


async def three_player_game(harness, users):
    place = harness.channel()
    game = await duel(harness, users, place)
    posts = await finish(harness, game.id)
    return place, await harness.bot.sessions.load(game.id), posts


def expected(game, kind) -> dict[int, ratings.Rating]:
    """Every player's new rating, worked out from the finished game's own ranking (not from the store)."""
    places = {e.get("seat", e.get("index")): e["place"] for e in kind.score(game.state)["ranking"]}
    seats = [ratings.RatedSeat(s.seat, places[s.seat], s.user_id) for s in game.seats]
    return ratings.rate(seats, {})


async def views(harness, users, place) -> tuple[list[str], str]:
    shown = [(await harness.run("stats show", user=u, place=place)).only().text() for u in users]
    return shown, (await harness.run("stats leaderboard", user=users[0], place=place)).only().text()


async def test_a_three_player_game_rates_its_players_the_same_after_restart_and_migration(
        settings, alice, bob, carol, pg_admin):
    users = [alice, bob, carol]
    harness = Harness(await create_bot(settings, sync_commands=False, run_reminders=False))
    await harness.start()
    try:
        place, game, posts = await three_player_game(harness, users)
        want = expected(game, harness.bot.sessions.kinds[game.kind])
        assert set(want) == {u.id for u in users}
        final = "\n".join(p.text() for p in posts)
        assert t("ratings.final_title", "en") in final
        for seat in game.seats:
            r = want[seat.user_id]
            moved = r.shown - ratings.Rating().shown
            change = f"{moved:+d}" if moved else "0"              # an ASCII minus, which a screen reader says
            assert t("ratings.final_line", "en", player=seat.name, before=ratings.Rating().shown, after=r.shown,
                     change=change, mark=t("ratings.provisional", "en")) in final
        assert len({r.shown for r in want.values()}) > 1          # the places moved them apart
        of_alice = fields((await harness.run("stats show", user=alice, place=place)).only())
        assert of_alice[t("ratings.field", "en")] == rating_text(want[alice.id], "en")
        assert t("ratings.value_provisional", "en", rating=want[alice.id].shown, games=1,
                 needed=5) == of_alice[t("ratings.field", "en")]
        board = fields((await harness.run("stats leaderboard", user=bob, place=place)).only())
        names = {s.user_id: s.name for s in game.seats}
        ranked = sorted(want, key=lambda u: (-want[u].shown, u))
        assert board[t("ratings.board", "en")] == "\n".join(
            t("ratings.board_line", "en", place=i + 1, player=names[u], rating=want[u].shown,
              mark=t("ratings.provisional", "en")) for i, u in enumerate(ranked))
        before = await views(harness, users, place)
    finally:
        await harness.close()

    async def seen_on(path) -> tuple[list[str], str]:
        again = Harness(await create_bot(replace(settings, db_path=path), sync_commands=False, run_reminders=False))
        await again.start()
        try:
            return await views(again, users, place)
        finally:
            await again.close()

    assert await seen_on(settings.db_path) == before              # a restart: a new bot on the same file
    from tests.engine.pg_helpers import create_database, drop_database
    url = create_database(pg_admin)
    try:
        out = io.StringIO()
        assert await run_migrate_db(str(settings.db_path), url, build_registry(None), out=out) == 0, out.getvalue()
        assert "3 ratings, 3 rating_changes" in out.getvalue()
        assert await seen_on(url) == before                       # the same on PostgreSQL
    finally:
        drop_database(pg_admin, url)


async def test_solo_games_are_not_rated_and_texts_read_in_every_language(harness, alice, bob, carol):
    solo, _ = await solo_game(harness, alice)
    posts = await finish(harness, solo.id)
    assert t("ratings.final_title", "en") not in "\n".join(p.text() for p in posts)
    assert await harness.bot.sessions.store.ratings_of(alice.id) == {}
    place = harness.channel()
    no_rating = fields((await harness.run("stats show", user=alice, place=place)).only())
    assert no_rating[t("ratings.field", "en")] == t("ratings.none", "en")
    place, game, _ = await three_player_game(harness, [alice, bob, carol])
    for locale, discord_locale in LOCALES.items():
        harness.locale = discord_locale
        shown = fields((await harness.run("stats show", user=alice, place=place)).only())
        rating = (await harness.bot.sessions.store.ratings_of(alice.id))["rollplayer"]
        assert shown[t("ratings.field", locale)] == rating_text(rating, locale)
        board = fields((await harness.run("stats leaderboard", user=alice, place=place)).only())
        assert t("ratings.provisional", locale).strip() in board[t("ratings.board", locale)]
        lines = "\n".join(await rating_change_lines(harness.bot.sessions, game, locale))
        assert lines.startswith(t("ratings.final_title", locale)) and "⟦" not in lines


async def poker_duel_after_one_hand(harness, alice, bob, place):
    """Alice's rated poker duel in ``place``, bob joined; hand 1 played out (both rerolled: bob leads or not)."""
    game = await duel(harness, [alice, bob], place, group="poker")
    for _ in range(2):                      # bob (the opponent) rerolls first, then alice
        game = await harness.bot.sessions.load(game.id)
        [item] = await harness.bot.sessions.pending(game.id)
        user = bob if item["seat"] == 1 else alice
        await harness.run("poker keep", user=user, place=place, dice="all")
    return await harness.bot.sessions.load(game.id)


async def test_leaving_a_rated_game_the_others_played_counts_as_a_loss(harness, alice, bob, moderator):
    """Cleo abandoned her rated duel after hand 1, with Ben leading: "Cleo abandoned game #10 … without a result",
    and nobody's rating moved, a dodge. As on Board Game Arena, the player who leaves loses: the notice says so with
    both changes; a game left before anyone else moved, or ended by a moderator who does not play in it, stays
    unrated."""
    place = harness.channel()
    game = await poker_duel_after_one_hand(harness, alice, bob, place)
    ended = await harness.run("poker abandon", user=alice, place=place)
    text = ended.text()
    assert t("lobby.abandon_forfeit", "en", player="Alice") in text, text
    assert t("lobby.ended_for_forfeit", "en", players=bob.mention) in text and "without a result" not in text
    want = ratings.rate((ratings.RatedSeat(0, 2, alice.id), ratings.RatedSeat(1, 1, bob.id)), {})
    for user, name in ((alice, "Alice"), (bob, "Bob")):
        r = want[user.id]
        line = t("ratings.final_line", "en", player=name, before=1000, after=r.shown,
                 change=spoken_signed(r.shown - 1000), mark=t("ratings.provisional", "en"))
        assert line in text, (line, text)
    assert want[alice.id].shown < 1000 < want[bob.id].shown
    stats = fields((await harness.run("poker stats show", user=alice, place=place)).only())
    assert stats[t("ratings.field", "en")] == rating_text(replace(want[alice.id], games=1), "en")
    assert (await harness.bot.sessions.load(game.id)).status == "abandoned"

    # in German, from another channel: the private answer says it too (and the game's channel, German here too)
    harness.locale = "de"
    other = harness.channel(guild_id=place.guild_id)
    game = await poker_duel_after_one_hand(harness, alice, bob, place)
    answer = await harness.run("poker abandon", user=alice, place=other, game=game.id)
    [private] = answer.private()
    assert t("lobby.abandon_forfeit", "de", player="Alice") in private.text()
    [notice] = answer.public()                                 # the channel reads it in the game's language
    assert t("lobby.abandon_forfeit", "de", player="Alice") in notice.text() and notice.channel_id == place.channel_id
    harness.locale = "en-US"

    # started, but nobody else has moved: nobody's rating follows it
    before = await harness.bot.store.ratings_of(alice.id)
    game = await duel(harness, [alice, bob], place, group="poker")
    quiet = (await harness.run("poker abandon", user=alice, place=place)).text()
    assert t("lobby.abandon_forfeit", "en", player="Alice")[:20] not in quiet and "Rating" not in quiet, quiet
    assert await harness.bot.store.ratings_of(alice.id) == before
    # a moderator who does not play in it ends it: no loss for anyone
    game = await poker_duel_after_one_hand(harness, alice, bob, place)
    modded = (await harness.run("poker abandon", user=moderator, place=place)).text()
    assert "Rating" not in modded and await harness.bot.store.rating_changes(game.id) == {}


async def test_a_forfeited_game_counts_in_the_stats_as_it_counts_in_the_ratings(harness, alice, bob, carol):
    """Tour t9: Ben left a matched duel after Dan's move; the post said it counted as Ben's loss and Dan gained 116,
    yet Dan's ``/poker stats show`` read "Played: 2, Won: 1 … (rated games: 3 of 5)" and "Most wins" left the win
    out. A forfeited game is played by both, lost by the one who left and won by the one who stayed, as rated; it
    has no score (no average or best). A game nobody's rating followed still counts nowhere."""
    place = harness.channel()
    game = await duel(harness, [bob, carol], place, group="poker")       # one finished duel each, first
    await finish(harness, game.id)
    game = await harness.bot.sessions.load(game.id)
    finished = {game.seats[e["seat"]].user_id: e["place"]
                for e in harness.bot.sessions.kinds["dicepoker"].score(game.state)["ranking"]}
    before = {user.id: fields((await harness.run("poker stats show", user=user, place=place)).only())
              for user in (bob, carol)}
    await poker_duel_after_one_hand(harness, alice, bob, place)
    await harness.run("poker abandon", user=alice, place=place)          # Alice leaves: her loss, Bob's win
    game = await duel(harness, [alice, carol], place, group="poker")     # left before Carol moved: unrated
    await harness.run("poker abandon", user=alice, place=place)

    alice_stats = fields((await harness.run("poker stats show", user=alice, place=place)).only())
    assert alice_stats[t("stats.played", "en")] == "1" and alice_stats[t("stats.won", "en")] == "0", alice_stats
    assert alice_stats[t("stats.average_others", "en")] == "-" == alice_stats[t("stats.best_others", "en")]
    alice_rating = (await harness.bot.store.ratings_of(alice.id))["dicepoker"]
    assert alice_stats[t("ratings.field", "en")] == rating_text(alice_rating, "en") and alice_rating.games == 1
    bob_stats = fields((await harness.run("poker stats show", user=bob, place=place)).only())
    assert bob_stats[t("stats.played", "en")] == "2", bob_stats
    assert bob_stats[t("stats.won", "en")] == str(1 + (finished[bob.id] == 1)), bob_stats
    assert bob_stats[t("stats.average_others", "en")] == before[bob.id][t("stats.average_others", "en")]
    bob_rating = (await harness.bot.store.ratings_of(bob.id))["dicepoker"]
    assert bob_stats[t("ratings.field", "en")] == rating_text(bob_rating, "en") and bob_rating.games == 2
    carol_stats = fields((await harness.run("poker stats show", user=carol, place=place)).only())
    assert carol_stats == before[carol.id]                               # the unrated one counts nowhere
    board = fields((await harness.run("poker stats leaderboard", user=bob, place=place)).only())
    assert f"Bob: {1 + (finished[bob.id] == 1)}" in board[t("stats.board_wins_all", "en")], board
