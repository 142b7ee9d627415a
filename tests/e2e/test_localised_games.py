"""A German, a French and a Korean game through the Discord stand-in, from ``/rp new language:<lang>`` to the
final scores, played by seeded random people whose Discord clients speak that language: the lobby, every
turn post, every private answer and the final pictures are in that language.

The random player and the flows read the bot's words through ``LOCALE`` (English for the other e2e tests);
here it is the game's language, so a button or a turn line the bot left in English would not be found.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.i18n import catalog, t
from images.rollplayer import render_scores, render_sheet, render_table
from tests.e2e import flows, policy
from tests.e2e.flows import game_id_of, start_guild_game, stored_game, telling_the_seed
from tests.e2e.policy import RandomPlayer, display_name, turn_prefix
from tests.i18n.pseudo import recording_text

#: Discord locale of the players' clients -> the catalog the game speaks.
LANGUAGES = {"de": ("de", ["hanna", "lukas"]), "fr": ("fr", ["camille", "julien"]),
             "ko": ("ko", ["minji", "jiho"])}
#: Set to a folder to keep the final pictures for review (``ROLLBOT_LOCALISED_PICTURES=out/localised``;
#: ``out/`` is ignored by git).
KEEP_PICTURES = os.environ.get("ROLLBOT_LOCALISED_PICTURES")


def words_of(locale: str, prefix: str) -> set[str]:
    """The catalog texts of ``locale`` under ``prefix`` that differ from English (placeholders left out)."""
    english = catalog("en")
    return {text for key, text in catalog(locale).items()
            if key.startswith(prefix) and "{" not in text and text != english.get(key)}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
async def test_a_localised_game_to_final_scores(discord_stub, rollbot, monkeypatch, language):
    locale, usernames = LANGUAGES[language]
    monkeypatch.setattr(flows, "LOCALE", locale)
    monkeypatch.setattr(policy, "LOCALE", locale)
    stub = discord_stub
    players = [stub.add_user(name, locale=language) for name in usernames]
    channel = stub.add_channel(f"spiel-{language}")

    with recording_text() as drawn:
        first = await start_guild_game(stub, channel, players, language=locale)
        game_id = game_id_of(first)
        player = RandomPlayer(stub, channel, players, seed=7)
        async with telling_the_seed(rollbot.bot, game_id):
            final = await player.play(first)

    game = await stored_game(rollbot.bot, game_id)
    assert game.status == "finished" and game.meta["locale"] == locale
    assert player.log.moves >= 40
    # the public posts: the final title in the game's language, every turn line too
    assert t("play.final_title", locale) in final.text and t("play.final_title", "en") not in final.text
    for user in players:
        assert display_name(user) in final.text
    # each prompt as it read when played from: its turn line in the game's language ("<@…> 님: …" in Korean)
    prefixes = tuple(turn_prefix(user, mentioned) for user in players for mentioned in (True, False))
    turn_lines = [line for text in player.log.prompt_texts for line in text.splitlines() if line.startswith(prefixes)]
    assert len(turn_lines) >= 10, player.log.prompt_texts[:3]
    # the pictures: exactly what the renderers draw in that language for the stored final state
    names = [seat.name for seat in game.seats]
    expected = {"scores.png": render_scores(game.state, locale, names=names),
                "table.png": render_table(game.state, locale, names=names)}
    for name, png in expected.items():
        assert final.attachment(name).data == png, f"{name} of the final post is not the {locale} picture"
        assert png != {"scores.png": render_scores, "table.png": render_table}[name](game.state, "en", names=names)
    # words of the pictures' own vocabulary in that language were drawn
    shown = {d.text for d in drawn.drawn}
    assert len(words_of(locale, "img.") & shown) >= 15, sorted(words_of(locale, "img.") & shown)
    assert not drawn.clipped(), drawn.clipped()[:5]
    if KEEP_PICTURES:
        folder = Path(KEEP_PICTURES) / locale
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("scores.png", "table.png"):
            (folder / name).write_bytes(final.attachment(name).data)
        (folder / "sheet.png").write_bytes(render_sheet(game.state, 0, locale, names=names))
    await stub.settle()
    stub.assert_clean()
