"""The happy paths a Discord adapter relies on: lobby → start → moves → finish, with results and lazy reload."""
from __future__ import annotations

import sqlite3

import pytest

from bot.engine import InvalidMeta, SessionManager, Store
from bot.engine.turn import TurnBook
from tests.engine.helpers import ENDLESS, registry, replayed_snapshot
from tests.engine.toy_kind import KIND

ALICE, BOB, CARL = 100, 200, 300


async def play_until_finished(mgr, game_id, users):
    """Roll for whoever must act until the race ends; returns the last ApplyResult."""
    while True:
        view = await mgr.load(game_id)
        seat = KIND.pending(view.state)[0]["seat"]
        result = await mgr.apply(game_id, users[seat], {"action": "roll"}, view.version)
        if result.finished:
            return result


async def test_lobby_join_start_and_play(mgr, db_path):
    game = await mgr.create("dicerace", 1, 10, ALICE, "Alice", {"target": 15}, 3, seed=42)
    assert game.status == "lobby" and game.version == 0 and game.state is None
    assert game.seats[0].user_id == ALICE and game.seats[0].seat == 0
    assert (await mgr.game_in_channel(10)).id == game.id
    await mgr.join(game.id, BOB, "Bob")
    view = await mgr.start(game.id, ALICE)
    assert view.status == "active" and len(view.seats) == 2  # started below seats_wanted: 3 is the most
    assert view.state == KIND.create(2, 42, {"target": 15})
    assert await mgr.pending(game.id) == [{"seat": 0, "decision": "turn"}]
    assert await mgr.legal_moves(game.id, ALICE) == KIND.legal_moves(view.state, 0)
    assert await mgr.legal_moves(game.id, BOB) == []

    result = await mgr.apply(game.id, ALICE, {"action": "boost", "amount": 2}, 0)
    assert (result.version, result.seq, result.seat, result.finished) == (1, 1, 0, False)
    assert result.events == [{"key": "toy.boosted", "params": {"seat": 0, "amount": 2}}]
    view = await mgr.load(game.id)
    assert view.seat_of(BOB) == 1 and view.seat_of(CARL) is None

    final = await play_until_finished(mgr, game.id, [ALICE, BOB])
    assert final.finished and final.score == KIND.score(final.state)
    winner = final.seat
    assert [r.place for r in final.results if r.seat == winner] == [1]
    assert (await mgr.load(game.id)).status == "finished"
    assert await mgr.game_in_channel(10) is None

    rows = await mgr.store.finished_results()
    assert {(r.user_id, r.place, r.total) for r in rows} == {
        (u, r.place, r.total) for u, r in zip([ALICE, BOB], final.results)}
    assert all(r.players == 2 and r.kind == "dicerace" for r in rows)
    assert [r.user_id for r in await mgr.store.finished_results(user_id=BOB)] == [BOB]
    assert await mgr.store.finished_results(guild_id=999) == []

    stored, replayed, version, seqs = replayed_snapshot(db_path, game.id)
    assert stored == replayed and version == final.version and seqs == list(range(1, version + 1))
    # A new game may open in the channel once the old one is over.
    again = await mgr.create("dicerace", 1, 10, BOB, "Bob", {}, 2)
    assert again.id != game.id


async def test_final_move_and_results_commit_together(mgr, db_path):
    game = await mgr.create("dicerace", None, 11, ALICE, "Alice", {"target": 5}, 1, seed=3)
    assert game.status == "active"  # a one-seat game is full at once and starts immediately
    final = await play_until_finished(mgr, game.id, [ALICE])
    db = sqlite3.connect(db_path)
    status, finished_at, final_score = db.execute(
        "SELECT status, finished_at, final_score FROM games WHERE id = ?", (game.id,)).fetchone()
    results = db.execute("SELECT seat, user_id, total, place FROM results WHERE game_id = ?",
                         (game.id,)).fetchall()
    move_time = db.execute("SELECT created_at FROM moves WHERE game_id = ? AND seq = ?",
                           (game.id, final.seq)).fetchone()[0]
    db.close()
    assert status == "finished" and finished_at == move_time and final_score is not None
    assert results == [(0, ALICE, final.state.positions[0], 1)]


async def test_leave_renumbers_seats_and_ai_seat_plays(mgr):
    game = await mgr.create("dicerace", 1, 12, ALICE, "Alice", ENDLESS, 4, seed=1)
    await mgr.join(game.id, BOB, "Bob")
    await mgr.join(game.id, CARL, "Carl")
    view = await mgr.leave(game.id, BOB)
    assert [(s.seat, s.user_id) for s in view.seats] == [(0, ALICE), (1, CARL)]
    view = await mgr.add_ai(game.id, ALICE, "Robot")
    assert view.seats[2].is_ai and view.seats[2].user_id is None
    await mgr.start(game.id, ALICE)
    await mgr.apply(game.id, ALICE, {"action": "pass"}, 0)
    await mgr.apply(game.id, CARL, {"action": "pass"}, 1)
    result = await mgr.apply_ai(game.id, 2, {"action": "roll"}, 2)
    assert result.seat == 2 and result.version == 3
    moves = await mgr.store.recent_moves(game.id, 2)
    assert [(m.seq, m.seat, m.user_id, m.move) for m in moves] == [
        (2, 1, CARL, {"action": "pass"}), (3, 2, None, {"action": "roll"})]
    between = await mgr.store.moves_between(game.id, 1, 2)      # after version 1, up to version 2: one move
    assert [(m.seq, m.seat) for m in between] == [(2, 1)]
    assert [m.seq for m in await mgr.store.moves_between(game.id, 0, 9)] == [1, 2, 3]
    assert await mgr.store.moves_between(game.id, 3, 3) == []


async def test_abandon_by_creator_or_channel_manager(mgr):
    game = await mgr.create("dicerace", 1, 13, ALICE, "Alice", ENDLESS, 2)
    view = await mgr.abandon(game.id, ALICE)
    assert view.status == "abandoned" and await mgr.game_in_channel(13) is None
    game = await mgr.create("dicerace", 1, 13, ALICE, "Alice", ENDLESS, 2)
    await mgr.join(game.id, BOB, "Bob")
    await mgr.start(game.id, ALICE)
    view = await mgr.abandon(game.id, CARL, may_manage_channel=True)
    assert view.status == "abandoned"
    assert await mgr.store.finished_results() == []


async def test_reopen_loads_lazily_and_play_continues(db_path, clock):
    store = await Store.open(db_path)
    mgr = SessionManager(store, registry(), clock=clock)
    game = await mgr.create("dicerace", 1, 14, ALICE, "Alice", ENDLESS, 2, seed=9)
    await mgr.join(game.id, BOB, "Bob")
    await mgr.start(game.id, ALICE)
    await mgr.apply(game.id, ALICE, {"action": "roll"}, 0)
    await mgr.set_meta_keys(game.id, {"prompt_message": 123456789})
    before = await mgr.load(game.id)
    await store.close()

    store = await Store.open(db_path)
    mgr = SessionManager(store, registry(), clock=clock)
    assert mgr.cached_view(game.id) is None  # nothing is loaded at open
    view = await mgr.game_in_channel(14)
    assert view.state == before.state and view.version == 1 and view.seats == before.seats
    assert view.meta["prompt_message"] == 123456789
    result = await mgr.apply(game.id, BOB, {"action": "roll"}, 1)
    assert result.version == 2
    await store.close()


async def test_meta_per_game_and_bot_wide(mgr, store):
    game = await mgr.create("dicerace", 1, 15, ALICE, "Alice", ENDLESS, 2)
    await mgr.set_meta_keys(game.id, {"prompt": {"message": 1, "channel": 15}})
    await mgr.set_meta_keys(game.id, {"other": [1, 2]})
    await mgr.set_meta_keys(game.id, {"other": None})
    assert (await mgr.load(game.id)).meta == {"prompt": {"message": 1, "channel": 15}}
    assert "missing" not in (await mgr.load(game.id)).meta
    await store.set_meta("commands_hash", "abc")
    assert await store.get_meta("commands_hash") == "abc"
    await store.set_meta("commands_hash", "def")
    assert await store.get_meta("commands_hash") == "def"
    assert await store.get_meta("nothing") is None


async def test_reminders_follow_activity_and_survive_restart(db_path, clock):
    store = await Store.open(db_path)
    mgr = SessionManager(store, registry(), clock=clock)
    quiet = await mgr.create("dicerace", 1, 20, ALICE, "Alice", ENDLESS, 1)
    lively = await mgr.create("dicerace", 1, 21, BOB, "Bob", ENDLESS, 1)
    lobby = await mgr.create("dicerace", 1, 22, CARL, "Carl", ENDLESS, 2)
    clock.advance(50)
    await mgr.apply(lively.id, BOB, {"action": "roll"}, 0)
    clock.advance(60)  # quiet: 110 s idle, lively: 60 s idle
    due = await mgr.store.games_needing_reminder(clock(), 100, 2)
    assert [d.game_id for d in due] == [quiet.id]  # lobbies are not reminded
    await mgr.note_reminder(quiet.id, clock())
    assert await mgr.store.games_needing_reminder(clock(), 100, 2) == []
    await store.close()

    store = await Store.open(db_path)  # a restart keeps the count and the time of the last reminder
    mgr = SessionManager(store, registry(), clock=clock)
    clock.advance(100)
    due = await mgr.store.games_needing_reminder(clock(), 100, 2)
    assert {d.game_id: d.reminder_count for d in due} == {quiet.id: 1, lively.id: 0}
    await mgr.note_reminder(quiet.id)
    clock.advance(500)
    due = await mgr.store.games_needing_reminder(clock(), 100, 2)
    assert [d.game_id for d in due] == [lively.id]  # quiet reached the maximum of 2
    await mgr.apply(quiet.id, ALICE, {"action": "roll"}, 0)  # a move resets the count
    assert (await mgr.load(quiet.id)).reminder_count == 0
    clock.advance(100)
    assert {d.game_id for d in await mgr.store.games_needing_reminder(clock(), 100, 2)} == {quiet.id, lively.id}
    assert lobby.status == "lobby"
    await store.close()


async def test_small_cache_evicts_and_reloads_transparently(store, clock, db_path):
    mgr = SessionManager(store, registry(), clock=clock, cache_size=2)
    games = [await mgr.create("dicerace", 1, 30 + g, ALICE, "Alice", ENDLESS, 1, seed=g) for g in range(5)]
    for version in range(3):
        for game in games:
            assert (await mgr.apply(game.id, ALICE, {"action": "roll"}, version)).version == version + 1
    assert sum(mgr.cached_view(g.id) is not None for g in games) == 2
    for game in games:
        view = await mgr.load(game.id)
        stored, replayed, version, _ = replayed_snapshot(db_path, game.id)
        assert view.version == version == 3 and KIND.dumps(view.state) == stored == replayed


async def test_meta_with_a_post_in_one_write(mgr, store):
    """``set_meta_keys(…, post=…)``: the change and an outbox post together (a redraw asked for once is stored
    once); a post it cannot store changes nothing."""
    game = await mgr.create("dicerace", 1, 16, ALICE, "Alice", ENDLESS, 2)
    await mgr.join(game.id, BOB, "Bob")
    await mgr.start(game.id, ALICE)
    before = await store.posts(game.id)
    await mgr.set_meta_keys(game.id, {"away_shown": {"0": 5.0}})
    assert await store.posts(game.id) == before
    await mgr.set_meta_keys(game.id, {"away_shown": None}, post={"type": "turn", "edit": True, "mention": []})
    posts = await store.posts(game.id)
    assert len(posts) == len(before) + 1 and posts[-1].payload == {"type": "turn", "edit": True, "mention": []}
    assert posts[-1].delivered_at is None and posts[-1].seq == (await mgr.load(game.id)).version
    assert "away_shown" not in (await mgr.load(game.id)).meta and "away_shown" not in mgr.cached_view(game.id).meta
    with pytest.raises(InvalidMeta):
        await mgr.set_meta_keys(game.id, {"away_shown": {"0": 6.0}}, post={"bad": object()})
    assert "away_shown" not in (await mgr.load(game.id)).meta and len(await store.posts(game.id)) == len(posts)


async def test_seats_are_renamed_with_the_start_and_with_a_meta_write(store, clock):
    """Bot seats are named in a game's language (tour J: a German table's bot read "Bot (hard)"): the turn book
    renames them with the start that settles the language (its namer is the shell's), ``set_meta_keys`` with a
    change of language; a lobby renamed so stays joinable, and a reload reads the new names."""
    def name_bots(kind, view, locale):
        return {s.seat: f"Bot ({locale})" for s in view.seats if s.is_ai}
    mgr = SessionManager(store, registry(), clock=clock, turns=TurnBook(clock, name_bots=name_bots))
    game = await mgr.create("dicerace", 1, 17, ALICE, "Alice", ENDLESS, 3,
                            meta={"locale": "en", "seat_locales": {"0": "de", "2": "de"}})
    await mgr.add_ai(game.id, ALICE, "Bot (en)")
    await mgr.set_meta_keys(game.id, {"locale": "fr"}, seat_names={1: "Bot (fr)", 0: "Alice", 9: "nobody"})
    assert [s.name for s in (await mgr.load(game.id)).seats] == ["Alice", "Bot (fr)"]
    await mgr.join(game.id, BOB, "Bob")
    view = await mgr.start(game.id, ALICE)
    assert view.meta["locale"] == "de" and [s.name for s in view.seats] == ["Alice", "Bot (de)", "Bob"]
    fresh = SessionManager(store, registry(), clock=clock)
    assert [s.name for s in (await fresh.load(game.id)).seats] == ["Alice", "Bot (de)", "Bob"]
