"""A picture's alt text stays within Discord's limit (1,024 characters: Discord refuses the whole message beyond
it), cut after a whole word with "…" when a table of four players with long names says more than that."""
from __future__ import annotations

import pytest
from harness import User

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure import policy
from bot.i18n import t
from cogs.outbox import ALT_LIMIT, alt_within
from cogs.seats import shown_game

#: four people whose display names are as long as Discord allows (32 characters)
LONG = [User(id=100_000_000_000_000_101 + i, name=f"{word} " * (32 // (len(word) + 1)) + word[:32 % (len(word) + 1)])
        for i, word in enumerate(("aventurière", "chevalier", "magicienne", "voyageur"))]


def test_alt_text_is_cut_on_a_word():
    words = ("Lorem ipsum dolor sit amet " * 60).strip()
    cut = alt_within(words)
    assert len(cut) <= ALT_LIMIT and cut.endswith("…") and words.startswith(cut[:-1])
    assert words[len(cut) - 1] == " ", "the cut falls between two words"
    assert alt_within(words[:ALT_LIMIT]) == words[:ALT_LIMIT], "1,024 characters are kept whole"
    assert alt_within("x" * 2000) == "x" * (ALT_LIMIT - 1) + "…", "one endless word is cut where it must be"
    assert alt_within("two\n\nlines") == "two lines"


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    """One seed for every table here: with a random one the team sometimes lost before its 60th move."""
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261128)


async def french_table_of_long_names(harness):
    """Four players whose names are as long as Discord allows, in French (its words are the longest), every
    special enemy on, a few turns on: dice on the territories, enemies on display. Returns (game, place)."""
    harness.locale = "fr"
    place = harness.channel()
    result = await harness.run("rfa new", user=LONG[0], place=place, players=4, language="fr",
                               **{special: True for special in C.SPECIAL_SETS})
    lobby = next(m for m in result.messages if m.buttons())
    for user in LONG[1:]:
        await harness.click(lobby, user=user, place=place, label=t("button.join", "fr"))
    await harness.click(lobby, user=LONG[0], place=place, label=t("button.start", "fr"))
    sessions = harness.bot.sessions
    game = await sessions.game_in_channel(place.channel_id)
    for _ in range(60):
        game = await sessions.load(game.id)
        assert game.status == "active", "the game ended before its 60th move: choose another seed"
        seat = sessions.kinds[game.kind].pending(game.state)[0]["seat"]
        await sessions.apply(game.id, game.seats[seat].user_id, policy.choose_move(game.state, seat, 0))
    return await sessions.load(game.id), place


def whole_alt(harness, game, locale: str) -> str:
    """The table's alt text as the presentation words it, before any cut."""
    shown = shown_game(game, locale, harness.bot.games.kind(game.kind))
    return harness.bot.games["rollforadventure"].table_picture(shown, locale).alt


async def test_four_long_names_in_french_are_told_whole(harness):
    assert all(len(u.name.title()) == 32 for u in LONG)
    game, place = await french_table_of_long_names(harness)
    sent = (await harness.run("rfa table", user=LONG[1], place=place)).only().alt_text("table.png")
    assert sent == whole_alt(harness, game, "fr") and len(sent) <= ALT_LIMIT, len(sent)
    assert all(seat.name in sent for seat in game.seats)


async def test_an_alt_text_longer_than_discord_keeps_is_cut_on_a_word(harness, monkeypatch):
    """A picture that says more than 1,024 characters (here the table, told three times over) goes out cut after
    its last whole word: Discord would refuse the whole message (the harness too)."""
    game, place = await french_table_of_long_names(harness)
    presentation = type(harness.bot.games["rollforadventure"])
    told = presentation.table_picture

    def table_picture(self, game, locale):
        picture = told(self, game, locale)
        return picture._replace(alt=" ".join([picture.alt] * 3))
    monkeypatch.setattr(presentation, "table_picture", table_picture)
    whole = whole_alt(harness, game, "fr")
    sent = (await harness.run("rfa table", user=LONG[1], place=place)).only().alt_text("table.png")
    assert len(whole) > ALT_LIMIT and len(sent) <= ALT_LIMIT and sent.endswith("…"), len(sent)
    assert whole.startswith(sent[:-1]) and whole[len(sent) - 1] in " ,.;:", "cut between two words"
