"""``/<game> log`` and ``/<game> replay`` through the cogs, and the score chart of the final post."""
from __future__ import annotations

import re

import pytest
from harness import Harness
from history_kit import duel, finish, solo_game
from PIL import Image

from bot.app import create_bot
from bot.i18n import t
from cogs.history import LOG_PAGE, MESSAGE_LIMIT, log_pages
from cogs.rollplayer import PRESENTATION as RP


def counter(page: int, pages: int) -> str:
    """The disabled button between Previous and Next: "Page 2 of 5" (it read "2/5", which a reader says badly)."""
    return t("history.page_counter", "en", page=page, pages=pages)


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261123)


def seqs(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"^(\d+)\. ", text, flags=re.M)]


async def test_log_pages_through_the_whole_finished_game(harness, alice, bob, fixed_seed):
    place = harness.channel()
    game = await duel(harness, [alice, bob], place)
    await finish(harness, game.id)
    game = await harness.bot.sessions.load(game.id)
    assert game.status == "finished"

    first = (await harness.run("log", user=bob, place=place)).only()    # the channel's last game, latest page
    pages = int(re.search(r"page \d+ of (\d+)", first.content).group(1))
    assert pages >= 3
    # the pager's buttons are words: their emoji were read by name ("last track button First")
    assert not any(b.get("emoji") for b in first.buttons()), first.buttons()
    assert first.ephemeral and first.button(label=counter(pages, pages)).get("disabled")
    assert first.button(label=t("history.last", "en")).get("disabled")
    assert not first.button(label=t("history.first", "en")).get("disabled")
    last = seqs(first.content)

    def heading(page: int) -> str:
        return t("history.log_title", "en", title="Roll Player", game=game.id, page=page, pages=pages)

    await harness.click(first, user=bob, place=place, label=t("history.first", "en"))
    assert first.button(label=counter(1, pages)) and first.content.splitlines()[0] == heading(1)
    assert first.button(label=t("history.previous", "en")).get("disabled")
    shown = [list(seqs(first.content))]
    for page in range(2, pages + 1):
        await harness.click(first, user=bob, place=place, label=t("history.next", "en"))
        assert first.content.splitlines()[0] == heading(page) and len(first.content) <= MESSAGE_LIMIT
        shown.append(seqs(first.content))
    assert [n for page in shown for n in page] == list(range(1, game.version + 1))   # every move once, in order
    assert shown[-1] == last
    # the moves shared out evenly (no page of one line)
    assert all(LOG_PAGE // 3 <= len(page) <= LOG_PAGE for page in shown), [len(page) for page in shown]
    assert "Alice" in first.content or "Bob" in first.content

    second = (await harness.run("log", user=alice, place=place, page=2)).only()
    assert second.button(label=counter(2, pages)) and seqs(second.content) == shown[1]


async def test_log_of_the_current_game_and_refusals(harness, alice, bob, carol):
    place = harness.channel()
    empty = await harness.run("log", user=alice, place=place)
    assert empty.only().ephemeral and t("error.no_game_here", "en", group="rp") in empty.text()
    game = await duel(harness, [alice, bob], place)
    kind = harness.bot.sessions.kinds["rollplayer"]
    seat = kind.pending(game.state)[0]["seat"]
    await harness.bot.sessions.apply_for_seat(game.id, seat, kind.legal_moves(game.state, seat)[0])
    current = (await harness.run("log", user=carol, place=place)).only()
    assert current.button(label=counter(1, 1)).get("disabled") and seqs(current.content) == [1]
    # played by the bot for the player (no user on the move): the log says so, as the live message did
    player = game.seats[seat].name
    assert current.content.splitlines()[1].startswith(f"1. 🤖 for {player}: "), current.content
    # another game by id: only for someone who played in it, or from its own channel
    elsewhere = harness.channel()
    refused = await harness.run("log", user=carol, place=elsewhere, game=game.id)
    assert t("history.error.unknown_game", "en", game=game.id) in refused.text()
    allowed = (await harness.run("log", user=alice, place=elsewhere, game=game.id)).only()
    assert seqs(allowed.content) == [1]
    unknown = await harness.run("log", user=alice, place=place, game=987654321)
    assert t("history.error.unknown_game", "en", game=987654321) in unknown.text()
    # another kind's command does not show this game: it names the game the channel plays (a tour was told of a
    # "game #6" it never asked about)
    other = await harness.run("poker replay", user=alice, place=place)
    assert t("error.other_game_here", "en", game="Roll Player", group="rp") in other.text()
    assert f"#{game.id}" not in other.text()
    by_id = await harness.run("poker replay", user=alice, place=place, game=game.id)
    assert by_id.text() == t("history.error.other_kind", "en", game=game.id, title="Roll Player",
                             command="/rp replay", option="game")


@pytest.mark.parametrize("locale", ["en-US", "de", "fr", "ko"])
async def test_a_game_of_another_kind_is_named_with_the_command_that_shows_it(harness, alice, bob, carol, locale):
    """A Korean tour's ``/rp 다시보기 game:3`` for her own dice poker game read "볼 수 있는 이 종류의 게임 #3이
    없어요": the game exists, it is just another game. The answer names it and the command that shows it, as the
    reader's client lists that command (``/poker 다시보기 게임:3``), privately; one who may not see the game still
    learns nothing of it."""
    harness.locale = locale
    lang = locale[:2]
    game = await duel(harness, [alice, bob], harness.channel())
    elsewhere = harness.channel()
    title = t(RP.title_key, lang)
    for english, key in (("replay", "cmd.replay.name"), ("log", "cmd.log.name")):
        answer = (await harness.run(f"poker {english}", user=alice, place=elsewhere, game=game.id)).only()
        command = f"/rp {t(key, lang)}"
        assert answer.ephemeral and answer.content == t(
            "history.error.other_kind", lang, game=game.id, title=title, command=command,
            option=t("history.opt.game.name", lang)), answer.content
        assert f"`{command} {t('history.opt.game.name', lang)}:{game.id}`" in answer.content
        stranger = (await harness.run(f"poker {english}", user=carol, place=elsewhere, game=game.id)).only()
        assert stranger.content == t("history.error.unknown_game", lang, game=game.id)
    if lang == "ko":        # the particles fit the number: "게임 #1은 …", "`/rp 기록 게임:1`로 볼 수 있어요"
        assert "롤 플레이어 게임이에요." in answer.content and "은(는)" not in answer.content \
            and "(으)로" not in answer.content, answer.content


def image_of(message, name: str = "table.png") -> Image.Image:
    import io

    [blob] = [data for file_name, data in message.files if file_name == name]
    return Image.open(io.BytesIO(blob))


async def test_replay_steps_round_by_round_with_buttons_and_survives_a_restart(settings, alice, bob, fixed_seed):
    bot = await create_bot(settings, sync_commands=False, run_reminders=False)
    harness = Harness(bot)
    await harness.start()
    place = harness.channel()
    try:
        game = await duel(harness, [alice, bob], place)
        await finish(harness, game.id)
        result = await harness.run("replay", user=alice, place=place)
        message = result.private()[-1]
        assert "table.png" in message.file_names()
        assert t("history.replay_start", "en", game=game.id, steps=13) in message.content   # setup + 12 rounds
        assert "Alice" in message.content and "Bob" in message.content
        start = image_of(message).tobytes()
        await harness.click(message, user=alice, place=place, label=t("history.next", "en"))
        assert "step 1 of 13" in message.content and "Round 1" in message.content
        assert message.button(label=t("history.step_counter", "en", step=1, steps=13)).get("disabled")  # as the text
        assert image_of(message).tobytes() != start
        await harness.click(message, user=alice, place=place, label=t("history.last", "en"))
        game = await harness.bot.sessions.load(game.id)
        assert t("history.replay_end", "en", game=game.id, step=13, steps=13, moves=game.version) in message.content
        # the game is over: its last step gives the final score, not a projection (it said "Projected score")
        assert t("history.final_score", "en", scores="").strip() in message.content
        assert t("history.projected", "en", scores="").strip() not in message.content
        assert message.button(label=t("history.next", "en")).get("disabled")
    finally:
        await harness.close()

    again = Harness(await create_bot(settings, sync_commands=False, run_reminders=False))     # a new process, same file
    await again.start()
    again.rec.messages[message.id] = message          # Discord still has the message the old process sent
    try:
        await again.click(message, user=alice, place=place, label=t("history.previous", "en"))
        assert "step 12 of 13" in message.content
        # a public replay, posted for the channel
        posted = await again.run("replay", user=bob, place=place, post=True)
        assert posted.public() and "table.png" in posted.public()[-1].file_names()
    finally:
        await again.close()


async def test_replay_of_a_poker_duel_steps_hand_by_hand(poker_harness, alice, bob, fixed_seed):
    harness = poker_harness
    place = harness.channel()
    game = await duel(harness, [alice, bob], place, group="poker")
    await finish(harness, game.id)
    game = await harness.bot.sessions.load(game.id)
    hands = len(game.state["history"])
    message = (await harness.run("poker replay", user=bob, place=place)).private()[-1]
    assert f"step 0 of {hands}" in message.content
    await harness.click(message, user=bob, place=place, label=t("history.last", "en"))
    assert f"({hands} of {hands})" in message.content


async def test_a_posted_replay_keeps_its_language_and_only_its_poster_pages_it(poker_harness, alice, bob, carol,
                                                                                fixed_seed):
    """Carol posts a replay in French; Alice (English) clicking Next gets a private copy at step 1 in English and
    the public message stays as it was; Carol's own click pages it in place, still in French."""
    harness = poker_harness
    place = harness.channel()
    game = await duel(harness, [alice, bob], place, group="poker")
    await finish(harness, game.id)
    hands = len((await harness.bot.sessions.load(game.id)).state["history"])
    harness.locale = "fr"
    [posted] = (await harness.run("poker replay", user=carol, place=place, post=True)).public()
    french = posted.content
    assert t("history.replay_start", "fr", game=game.id, steps=hands) in french
    harness.locale = "en-US"
    copy = await harness.click(posted, user=alice, place=place, label=t("history.next", "fr"))
    [mine] = copy.private()
    assert not copy.public() and posted.content == french and posted.edits == 0
    assert f"step 1 of {hands}" in mine.content and mine.file_names()
    await harness.click(mine, user=alice, place=place, label=t("history.next", "en"))     # her copy is hers to page
    assert f"step 2 of {hands}" in mine.content and posted.content == french
    # the poster pages the public message in place, in the language it was posted in, whatever hers is now
    await harness.click(posted, user=carol, place=place, label=t("history.next", "fr"))
    assert posted.edits == 1 and posted.content != french
    assert t("history.next", "fr") in [b.get("label") for b in posted.buttons()]
    assert f"étape 1 sur {hands}" in posted.content and "step 1" not in posted.content


async def test_final_post_carries_the_score_chart(harness, alice, bob, fixed_seed, monkeypatch):
    import cogs.replays
    drawn = []
    render = cogs.replays.render_chart
    monkeypatch.setattr(cogs.replays, "render_chart", lambda *args: drawn.append(args[2]) or render(*args))
    place = harness.channel()
    game = await duel(harness, [alice, bob], place)
    sent = await finish(harness, game.id)
    # the axis: the start, each round by its number, then the end (a 12-round game read "13" there)
    [words] = drawn
    assert words.title == t(RP.chart_keys[0], "en") and words.x_axis == t(RP.chart_keys[1], "en")
    assert words.steps[0] == t("history.chart.start", "en") and words.steps[-1] == t("history.chart.end", "en")
    assert words.steps[1:-1] == tuple(str(k) for k in range(1, len(words.steps) - 1))
    [final] = [m for m in sent if m.files]
    assert t("play.final_title", "en") in final.text()
    assert "chart.png" in final.file_names() and "scores.png" in final.file_names()
    chart = image_of(final, "chart.png")
    assert chart.width == 720 and chart.height > 400


async def test_final_chart_shows_each_player_as_the_tables_class_badge(harness, alice, bob, carol, fixed_seed):
    """The table, the sheets and the scores show each Roll Player seat by its class badge; the chart gave each
    seat a style of its own by seat order, so one player's line wore another's badge (Ann's green triangle was
    Bot 2's line). Each legend marker is now the player's own badge, and no other player's colour is in it."""
    from bot.games.rollplayer import content
    from images.chart import LEGEND_ROW, PAD
    from images.palette import DIE_FILL
    from images.png import quantize

    def stored(colour) -> tuple:
        return quantize(Image.new("RGB", (1, 1), colour)).convert("RGB").getpixel((0, 0))

    place = harness.channel()
    game = await duel(harness, [alice, bob, carol], place)
    sent = await finish(harness, game.id)
    game = await harness.bot.sessions.load(game.id)
    badges = [content.classes()[p.class_id]["colour"] for p in game.state.players]
    assert len(set(badges)) == 3
    [final] = [m for m in sent if m.files]
    chart = image_of(final, "chart.png").convert("RGB")
    for seat, badge in enumerate(badges):
        mid = chart.height - PAD - 10 - LEGEND_ROW * (3 - seat) + LEGEND_ROW // 2
        marker = {c for _, c in chart.crop((PAD * 2 - 6, mid - 16, PAD * 2 + 30, mid + 16)).getcolors(1 << 16)}
        assert stored(DIE_FILL[badge]) in marker, (seat, badge)
        others = {stored(DIE_FILL[b]) for b in badges if b not in (badge, "white")}    # white: a glyph's ink
        assert not others & marker, (seat, badge)


async def test_solo_poker_night_chart_and_replay(poker_harness, alice, fixed_seed):
    game, place = await solo_game(poker_harness, alice, group="poker")
    sent = await finish(poker_harness, game.id)
    [final] = [m for m in sent if m.files]
    assert "chart.png" in final.file_names()
    replay = (await poker_harness.run("poker replay", user=alice, place=place)).private()[-1]
    assert "step 0 of" in replay.content
    # a tavern night's score is its Gold: the steps say so, and the last one gives the Gold it ended with
    # (they said "Projected score", and "Projected score" still at the end of the night)
    assert t("dicepoker.history.gold", "en", scores="").strip() in replay.content
    await poker_harness.click(replay, user=alice, place=place, label=t("history.last", "en"))
    game = await poker_harness.bot.sessions.load(game.id)
    gold = game.state["purses"][0]
    assert t("dicepoker.history.gold_final", "en", scores=f"Alice {gold}") in replay.content
    assert t("history.projected", "en", scores="").strip() not in replay.content


@pytest.fixture
async def poker_harness(settings):
    bot = await create_bot(settings, sync_commands=False, run_reminders=False, bot_pause=0)
    harness = Harness(bot)
    await harness.start()
    yield harness
    await harness.close()



def test_each_games_chart_names_its_rounds_as_the_game_does():
    """French calls Roll Player's rounds "tours" (the game's own texts: "Tour 3 sur 12") and a hand of dice
    poker a "manche": the final chart said "manche par manche" under a Roll Player game."""
    from cogs.dicepoker import PRESENTATION as POKER
    from cogs.replays import chart_words
    from cogs.rollplayer import PRESENTATION as RP

    rp = chart_words(3, "fr", keys=RP.chart_keys)
    assert rp.x_axis == "Tour" and "tour par tour" in rp.title
    poker = chart_words(3, "fr", keys=POKER.chart_keys)
    assert poker.x_axis == "Manche" and "manche par manche" in poker.title
    # dice poker's chart is Gold after each hand, not a projected score by round
    assert chart_words(3, "en", keys=POKER.chart_keys).title == "Gold, hand by hand"


@pytest.mark.parametrize("count", [0, 1, 15, 16, 29, 31, 46, 100])
def test_log_pages_share_the_moves_out_evenly(count):
    bounds = log_pages([40] * count, MESSAGE_LIMIT)
    assert [start for start, _ in bounds] == [0, *[end for _, end in bounds[:-1]]] and bounds[-1][1] == count
    sizes = [end - start for start, end in bounds]
    assert len(bounds) == max(1, -(-count // LOG_PAGE))
    assert max(sizes) <= LOG_PAGE and max(sizes) - min(sizes) <= 1


@pytest.mark.parametrize("seed", range(6))
def test_log_pages_of_long_entries_are_few_and_within_the_limit(seed):
    """A move of Roll for Adventure may be followed by many lines (an enemy revealed, its attack, dice lost): a
    page of fifteen such moves went past Discord's 2,000 characters and was cut mid-line. Pages now hold whole
    entries within the limit, as few pages as that allows, none of them nearly empty."""
    import random
    draw = random.Random(seed)
    sizes = [draw.choice([30, 60, 120, 400, 900, 1500]) for _ in range(draw.randint(1, 150))]
    bounds = log_pages(sizes, 1900)
    assert [start for start, _ in bounds] == [0, *[end for _, end in bounds[:-1]]] and bounds[-1][1] == len(sizes)
    assert all(sum(sizes[start:end]) <= 1900 and 0 < end - start <= LOG_PAGE for start, end in bounds)
    fewest, start = 0, 0                 # greedy packing is the fewest pages
    while start < len(sizes):
        end, size = start, 0
        while end < len(sizes) and end - start < LOG_PAGE and size + sizes[end] <= 1900:
            size, end = size + sizes[end], end + 1
        fewest, start = fewest + 1, end
    assert len(bounds) == fewest


@pytest.mark.parametrize(("locale", "one", "two"), [("de", "nach 1 Zug", "nach 2 Zügen"),
                                                    ("en", "after 1 move", "after 2 moves")])
async def test_a_replay_step_after_one_move_says_one_move(poker_harness, alice, locale, one, two):
    """A tavern night's hand is one move: Ben's German replay read "Schritt 1 von 2, nach 1 Zügen" (English
    "after 1 moves"); the count's noun now takes the catalog's plural form."""
    harness = poker_harness
    dm = harness.dm()
    await harness.run("poker solo", user=alice, place=dm)
    for _ in range(2):                                    # two hands: keep every die
        await harness.run("poker keep", user=alice, place=dm, dice="1 2 3 4 5")
    harness.locale = locale
    message = (await harness.run("poker replay", user=alice, place=dm)).private()[-1]
    await harness.click(message, user=alice, place=dm, label=t("history.next", locale))
    assert message.content.split("\n")[0].endswith(one), message.content
    await harness.click(message, user=alice, place=dm, label=t("history.last", locale))
    assert message.content.split("\n")[0].endswith(two), message.content
