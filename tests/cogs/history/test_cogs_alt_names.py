"""Players' names in the pictures' alt texts, driven like players: the pictures draw the stored names, but the alt
text, which Discord shows and a screen reader reads verbatim, took them raw too. A right-to-left override (U+202E)
in Dan's display name turned the rest of the alt text around for a screen reader and for anyone who hovered the
picture, a line break in it split the sentence. The alt texts now say each name as every text without Markdown
does (``cogs.usertext.plain_name``): on one line, trimmed, without bidirectional controls, a right-to-left name
isolated (FSI … PDI); nothing escaped (Discord shows no Markdown there)."""
from __future__ import annotations

import pytest
from harness import User
from history_kit import finish

from cogs.usertext import BIDI_CONTROLS, FSI, PDI, plain_name

#: an override, an isolate that is never closed and a line break, around spaces; Markdown kept as typed
DAN = "  \u202eDan *x*\u2066\n다니엘 "
#: Arabic and Hebrew: isolated in the alt text, so that the sentence around them keeps its order
CLEO = "مرحبا שלום"
DAN_ID, CLEO_ID = 100_000_000_000_000_021, 100_000_000_000_000_022


@pytest.fixture
def dan() -> User:
    return User(id=DAN_ID, name="dan", display=DAN)


@pytest.fixture
def cleo() -> User:
    return User(id=CLEO_ID, name="cleo", display=CLEO)


def alt_texts(harness) -> list[str]:
    """Every alt text of every message the bot sent or edited, as it was last shown."""
    return [alt for message in harness.rec.order for alt in message.alts.values()]


def assert_names_cleaned(alts: list[str]) -> None:
    """No alt text holds a bidirectional control but a right-to-left name's own isolate, nor a line break;
    both names are said, cleaned."""
    assert alts
    text = "\n".join(alts)
    assert plain_name(DAN) == "Dan *x* 다니엘" and plain_name(DAN) in text, text
    assert FSI + CLEO + PDI in text, text
    for alt in alts:
        stray = {ch for ch in alt.replace(FSI + CLEO + PDI, "") if ch in BIDI_CONTROLS}
        assert not stray and "\n" not in alt, alt


async def open_game(harness, users, place, group: str, **options):
    created = await harness.run(f"{group} new", user=users[0], place=place, **options)
    lobby = next(m for m in created.messages if m.buttons())
    for user in users[1:]:
        await harness.click(lobby, user=user, place=place, label="Join")
    await harness.click(lobby, user=users[0], place=place, label="Start")
    return await harness.bot.sessions.game_in_channel(place.channel_id)


def live_message(harness, place):
    return [m for m in harness.rec.order if m.channel_id == place.channel_id and m.layout and not m.ephemeral
            and not m.deleted][-1]


@pytest.mark.parametrize("group, options", [("rp", {"players": 2}), ("poker", {}), ("rfa", {"players": 2})])
async def test_alt_texts_say_the_names_cleaned(harness, dan, cleo, group, options):
    place = harness.channel()
    game = await open_game(harness, [dan, cleo], place, group, **options)
    live = live_message(harness, place)
    if group != "poker":                          # the whole table, looked at privately
        await harness.click(live, user=cleo, place=place, label="Table")
    if group == "rp":                             # a sheet, posted
        await harness.run("rp sheet", user=dan, place=place, post=True)
    await finish(harness, game.id)                # the final pictures (and, but in the co-operative game, the chart)
    names = {a for m in harness.rec.order for a in m.alts}
    assert names >= {"table.png" if group != "poker" else "hand.png",
                     {"rp": "scores.png", "poker": "match.png", "rfa": "final.png"}[group]}, names
    assert_names_cleaned(alt_texts(harness))
