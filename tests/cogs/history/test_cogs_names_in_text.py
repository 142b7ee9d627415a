"""Players with odd display names, driven like players: every text names them exactly as they typed their names
(``cogs.usertext.shown_name``), the pictures draw the names themselves, and no edit of a message pings anyone.

A tour played with Ann ``# **Ann** ~~x~~ ||s|| `c` __u__`` and Ben ``<@Ann's id> *it``: Ann's name was a bold,
struck-through, spoilered heading in the live message, the log, the replay, ``/games``, the stats and the
rating lines at the end; Ben's read (and in an edit made through the client's default, was) a mention of Ann, so
that Ann was told "Waiting for: @Ann". A right-to-left override in Dan's name turned the rest of each line around.
"""
from __future__ import annotations

import pytest
from harness import User
from history_kit import duel, finish

from bot.i18n import t
from cogs.usertext import shown_name

ANN_ID, BEN_ID = 100_000_000_000_000_011, 100_000_000_000_000_012
ANN = "# **Ann** ~~x~~ ||s|| `c` __u__"
BEN = f"<@{ANN_ID}> *it"
CLEO = "> مرحبا שלום e\u0301\u0301"
DAN = "\u202eDan 다니엘 ` "


@pytest.fixture
def ann() -> User:
    return User(id=ANN_ID, name="ann", display=ANN)


@pytest.fixture
def ben() -> User:
    return User(id=BEN_ID, name="ben", display=BEN)


def live_message(harness):
    return [m for m in harness.rec.order if m.layout and not m.ephemeral and not m.deleted][-1]


def assert_names_shown(text: str) -> None:
    """Both names as typed (escaped), neither raw: no Markdown of Ann's, no mention of Ann made by Ben's name,
    no line that Ann's name turns into a heading."""
    assert shown_name(ANN) in text or shown_name(BEN) in text, text
    assert "**Ann**" not in text and "||s||" not in text and "`c`" not in text, text
    assert f"<@{ANN_ID}> *it" not in text and f"<@{ANN_ID}> \\*it" not in text, text
    assert not any(line.startswith(("# ", "> ", "## ", "### ")) for line in text.splitlines()), text


async def test_a_duel_names_its_players_as_typed_in_every_text(harness, ann, ben):
    place = harness.channel()
    game = await duel(harness, [ann, ben], place, group="poker")
    kind = harness.bot.sessions.kinds[game.kind]
    post = live_message(harness)
    text = post.text()
    assert shown_name(ANN) in text and shown_name(BEN) in text, text          # the status line's purses
    assert_names_shown(text)

    due = kind.pending(game.state)[0]["seat"]
    due_user, other = (ann, ben) if game.seats[due].user_id == ANN_ID else (ben, ann)
    toggle = next(b for b in post.buttons() if b["custom_id"].startswith("rp:t:"))
    # the other player's click: refused privately, naming whom it waits for as that name was typed
    refused = (await harness.click(post, user=other, place=place, custom_id=toggle["custom_id"])).only()
    assert refused.ephemeral
    assert refused.text() == t("error.not_your_turn", "en", players=shown_name(due_user.display)), refused.text()
    # the due player's toggle redraws the live message in place, mentioning nobody (it was parse: users)
    await harness.click(post, user=due_user, place=place, custom_id=toggle["custom_id"])
    assert post.edits >= 1 and post.allowed_mentions.get("parse") == [] and not post.allowed_mentions.get("users")
    assert_names_shown(post.text())

    games = (await harness.run("games", user=ann, place=place)).only()
    assert shown_name(due_user.display) in games.text() or due_user is ann
    assert_names_shown(games.text())

    final = await finish(harness, game.id)
    ending = "\n".join(m.text() for m in final)
    assert t("ratings.final_title", "en") in ending
    # a rating line starts with the name: Ann's is no heading, Ben's no mention of Ann
    assert any(line.startswith(shown_name(ANN) + ": 1000 ") for line in ending.splitlines()), ending
    assert any(line.startswith(shown_name(BEN) + ": 1000 ") for line in ending.splitlines()), ending
    assert_names_shown(ending)
    assert all(m.allowed_mentions is None or "users" not in (m.allowed_mentions.get("parse") or []) for m in final)

    for command in ("poker log", "poker replay"):
        shown = (await harness.run(command, user=ann, place=place)).text()
        assert shown_name(ANN) in shown or shown_name(BEN) in shown, (command, shown)
        assert_names_shown(shown)
    stats = (await harness.run("poker stats show", user=ann, place=place, player=ben)).only()
    title = t(harness.bot.games["dicepoker"].title_key, "en")
    assert t("stats.title", "en", player=shown_name(BEN), game=title) in stats.text()
    board = (await harness.run("poker stats leaderboard", user=ann, place=place)).only().text()
    assert shown_name(ANN) in board and shown_name(BEN) in board, board
    assert_names_shown(board)


async def test_a_right_to_left_override_in_a_name_cannot_turn_the_line_around(harness):
    """Dan's U+202E drew each line backwards after his name; Cleo's Arabic and Hebrew are isolated, so that the
    Korean sentence around them keeps its order (and 님 still follows each name)."""
    harness.locale = "ko"
    cleo = User(id=100_000_000_000_000_013, name="cleo", display=CLEO)
    dan = User(id=100_000_000_000_000_014, name="dan", display=DAN)
    place = harness.channel()
    game = await duel(harness, [cleo, dan], place, group="poker")
    text = live_message(harness).text()
    assert "\u202e" not in text
    assert "\u2068\\> مرحبا שלום e\u0301\u0301\u2069" in text and "Dan 다니엘 \\` 님: " in text, text   # trimmed too
    kind = harness.bot.sessions.kinds[game.kind]
    due = kind.pending(game.state)[0]["seat"]
    waiting = cleo if game.seats[due].user_id == dan.id else dan
    post = live_message(harness)
    toggle = next(b for b in post.buttons() if b["custom_id"].startswith("rp:t:"))
    refused = (await harness.click(post, user=waiting, place=place, custom_id=toggle["custom_id"])).only()
    due_name = shown_name(CLEO if waiting is dan else DAN)
    assert refused.text() == f"지금은 차례가 아니에요. 기다리는 사람: {due_name} 님.", refused.text()


async def test_a_choice_of_seats_reads_the_names_without_escapes(harness, ann, ben):
    """An autocomplete choice, a button or a select shows no Markdown: the names read as typed there too, without
    the backslashes their message text carries."""
    place = harness.channel()
    await duel(harness, [ann, ben], place, group="rp")
    choices = await harness.autocomplete("rp sheet", "seat", user=ann, place=place, seat=1)
    assert [c["name"] for c in choices] == [f"Seat 1: {ANN}", f"Seat 2: <\u200b@{ANN_ID}> *it"], choices


async def test_typed_values_are_echoed_on_one_line_and_cut_whole(harness, ann, ben):
    """``/notify`` and ``/poker keep`` sent back newlines, NUL and ESC as typed, a value cut inside an emoji and
    no "…", and a right-to-left override that turned the answer around."""
    place = harness.channel()
    zone = (await harness.run("notify", user=ann, place=place, time_zone="\u202eabc")).only()
    assert zone.ephemeral and zone.text() == t("notify.error.unknown_zone", "en", zone="abc")
    quiet = (await harness.run("notify", user=ann, place=place, quiet_from="a\nb\n# head\n> q\x00")).only()
    assert quiet.text() == t("notify.error.bad_time", "en", value="a␊b␊# head␊> q␀"), quiet.text()
    game = await duel(harness, [ann, ben], place, group="poker")
    due = harness.bot.sessions.kinds[game.kind].pending(game.state)[0]["seat"]
    player = ann if game.seats[due].user_id == ANN_ID else ben
    family = "x" * 38 + "👨\u200d👩\u200d👧\u200d👦"
    refused = (await harness.run("poker keep", user=player, place=place, dice=family)).only()
    assert refused.ephemeral and "x" * 38 + "…" in refused.text() and "\u200d" not in refused.text(), refused.text()
    assert (await harness.bot.sessions.load(game.id)).version == game.version          # nothing changed
