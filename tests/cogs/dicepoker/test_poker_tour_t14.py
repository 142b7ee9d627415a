"""Report t14 (dice poker in Korean and French on phones): the words of hints, results, stats and replays."""
from __future__ import annotations

from poker_kit import due_seat, open_duel

from bot.i18n import t


async def test_the_korean_hint_of_the_first_reroller_gives_the_chance_to_the_asker(poker, alice, bob, fixed_seed):
    """t14 D3: "Ann 님이 6 6 5 4 3 원 페어 상태에서 뒤에 다시 굴리지만, 가장 잘 굴려도 이길 확률은 25.0%예요" made
    Ann the subject of the whole sentence: her chance, it read; the 25% is the asker's."""
    place = poker.channel()
    game, _ = await open_duel(poker, alice, bob, place)
    assert due_seat(game) == 1 and game.state["phase"] == "opponent_reroll"
    poker.locale = "ko"
    text = (await poker.run("poker hint", user=bob, place=place)).only().content
    assert "내 뒤에 다시 굴려요." in text and "가장 잘 굴려도 내가 이길 확률은 " in text, text


async def korean_duel_played_out(poker, alice, bob, guild_id: int | None = None):
    """A rated Korean duel that alice opens and bob joins, in a channel (of server ``guild_id``), played to its
    end by typed keeps (``모두``): the game, its channel and its final post."""
    place = poker.channel(guild_id=guild_id)
    poker.locale = "ko"
    created = await poker.run("poker new", user=alice, place=place, language="ko")
    lobby = next(m for m in created.messages if m.buttons())
    await poker.click(lobby, user=bob, place=place, label=t("button.join", "ko"))
    await poker.click(lobby, user=alice, place=place, label=t("button.start", "ko"))
    game = await poker.bot.sessions.game_in_channel(place.channel_id)
    users = {alice.id: alice, bob.id: bob}
    while game.status == "active":
        user = users[game.seats[due_seat(game)].user_id]
        await poker.run("poker keep", user=user, place=place, dice="모두")
        game = await poker.bot.sessions.load(game.id)
    final = [m for m in poker.rec.order if m.channel_id == place.channel_id and m.files][-1]
    return game, place, final


def replay_button(message, slot: str) -> dict:
    [button] = [b for b in message.buttons() if b.get("custom_id", "").endswith(f":{slot}")]
    return button


async def test_korean_rating_and_gold_lines_name_players_with_the_honorific(poker, alice, bob, fixed_seed):
    """t14 D5: every line of the final post said "Dan 님 — 금화 12개", but its rating block read "Dan: 1000에서
    1138로", and the replay's gold lines "Dan 5, Ann 5" and "최종 금화: Dan 12, Ann 6"."""
    game, place, final = await korean_duel_played_out(poker, alice, bob)
    assert game.status == "finished"
    text = final.text()
    assert t("ratings.final_title", "ko") in text
    names = [seat.name for seat in game.seats]
    for name in names:
        assert f"\n{name} 님: 1000에서 " in text and f"\n{name}: " not in text, text
    replay = (await poker.run("poker replay", user=alice, place=place, game=game.id)).only()
    assert ", ".join(f"{name} 님 5" for name in names) in replay.text(), replay.text()
    last = await poker.click(replay, user=alice, place=place, custom_id=replay_button(replay, "l")["custom_id"])
    end = last.messages[-1] if last.messages else replay
    purses = game.state["purses"]
    gold = ", ".join(f"{s.name} 님 {purses[s.seat]}" for s in game.seats)
    assert t("dicepoker.history.gold_final", "ko", scores=gold) in end.text(), end.text()


async def test_a_replay_step_shows_the_hand_its_last_move_ended_and_the_end_no_empty_pot(poker, alice, bob,
                                                                                          fixed_seed):
    """t14 D7: step 1 of ``/poker replay`` was already hand 2's opening roll, with only a footer saying who won
    hand 1, so no step showed a showdown; the last step read "8판 중 8번째 판: 판돈 금화 0개"."""
    game, place, _ = await korean_duel_played_out(poker, alice, bob)
    replay = (await poker.run("poker replay", user=alice, place=place, game=game.id)).only()
    assert replay.file_names() == ["hand.png"], "the start: hand 1 as dealt"
    step = await poker.click(replay, user=alice, place=place, custom_id=replay_button(replay, "n")["custom_id"])
    shown = step.messages[-1] if step.messages else replay
    assert shown.file_names() == ["last_hand.png"], shown.file_names()
    hands = game.state["options"]["hands"]
    assert shown.alt_text("last_hand.png").startswith(t("dicepoker.alt.hand", "ko", hand=1, hands=hands, pot=3))
    await poker.click(replay, user=alice, place=place, custom_id=replay_button(replay, "l")["custom_id"])
    end = replay.text()
    assert t("dicepoker.status.pot", "ko", pot=0) not in end, end
    assert t("dicepoker.status.over", "ko", hand=hands, hands=hands, purses="\x00").split("\x00")[0] in end, end


async def test_a_tavern_nights_replay_puts_no_stake_in_a_pot(poker, alice):
    """t14 D7: the French tavern night's replay read "Or, mise dans le pot comprise : Ann 30": a night has no pot
    (the stake goes to the table)."""
    poker.locale = "fr"
    dm = poker.dm()
    await poker.run("poker solo", user=alice, place=dm)
    game = await poker.bot.sessions.game_in_channel(dm.channel_id)
    replay = (await poker.run("poker replay", user=alice, place=dm, game=game.id)).only()
    assert "Or, mise comprise : " in replay.text() and "pot" not in replay.text().lower(), replay.text()


async def test_korean_stats_count_games_and_nights_not_hands(poker, alice, bob, fixed_seed):
    """t14 D8: "/poker stats show" counted a tavern night as "1판" and rated games as "2/5판", where every dice
    poker text says "판" for a hand ("8판 중 1번째 판"): games and nights are counted as games now."""
    await korean_duel_played_out(poker, alice, bob)
    dm = poker.dm()
    await poker.run("poker solo", user=alice, place=dm)
    night = await poker.bot.sessions.game_in_channel(dm.channel_id)
    while night.status == "active":
        await poker.run("poker keep", user=alice, place=dm, dice="모두")
        night = await poker.bot.sessions.load(night.id)
    stats = (await poker.run("poker stats show", user=alice, place=dm)).only().text()
    assert "레이팅 게임 5개 중 1개" in stats and "게임 1개" in stats, stats
    assert "판" not in stats, stats


async def test_an_older_moves_menu_says_it_is_closed_and_a_typed_move_is_confirmed_once(poker, alice, bob,
                                                                                       fixed_seed):
    """t14 D10: Dan clicked *My moves* twice, then typed ``/poker keep dice:all``. The first menu lost its buttons
    but kept "차례가 왔어요: …"; the second became "완료: 주사위 5개 모두 남기기" and the typed command answered
    "완료: …" again: the same move confirmed twice."""
    place = poker.channel()
    game, post = await open_duel(poker, alice, bob, place)
    assert due_seat(game) == 1
    first = (await poker.click(post, user=bob, place=place, label=t("button.my_moves", "en"))).only()
    second = (await poker.click(post, user=bob, place=place, label=t("button.my_moves", "en"))).only()
    assert first.ephemeral and second.ephemeral and second.buttons()
    assert not first.buttons() and first.content == t("play.menu_closed", "en"), first.content
    typed = await poker.run("poker keep", user=bob, place=place, dice="all")
    done = t("play.done", "en", move="\x00").split("\x00")[0]
    answers = [m for m in [*typed.messages, first, second] if m.ephemeral and (m.content or "").startswith(done)]
    assert len(answers) == 1 and answers[0] in typed.messages, [m.content for m in answers]
    assert not second.buttons() and second.content == t("play.menu_closed", "en"), second.content


async def test_a_tie_on_the_leaderboard_shares_its_place(poker, alice, bob, fixed_seed):
    """t14 D11: "Le plus de victoires, ce mois-ci : 1. Ann : 1 / 2. Dan : 1" ranked Dan below Ann with as many
    wins. Two duels on one seed, each opened by another player, are won by one each: both are first."""
    first, place, _ = await korean_duel_played_out(poker, alice, bob)
    second, _, _ = await korean_duel_played_out(poker, bob, alice, guild_id=place.guild_id)
    results = await poker.bot.sessions.store.finished_results(kind="dicepoker")
    winners = {r.name for r in results if r.place == 1 and r.game_id in (first.id, second.id)}
    assert len(winners) == 2, winners
    poker.locale = "fr"
    board = (await poker.run("poker stats leaderboard", user=alice, place=place)).only()
    wins = next(f["value"] for e in board.embeds for f in e.get("fields", [])
                if f["name"] == t("stats.board_wins_month", "fr"))
    assert wins.splitlines() == [t("stats.board_wins_line", "fr", place=1, player=name, wins=1)
                                 for name in sorted(winners)], wins

