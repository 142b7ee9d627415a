"""No English reaches a player: a whole 2-player Roll Player game through the real cogs with both players'
Discord client and the game's language set to the test-only pseudo-locale (``tests/i18n/pseudo.py``: every
catalog text accented and padded). Every message, embed, button label, select option and every string drawn
on a picture is collected; a plain ASCII word in any of them is text that bypassed the catalogs.

(Dice poker has no ``/poker`` command on main yet, so only Roll Player is played here.)
"""
from __future__ import annotations

import pytest
from driver import Driver
from harness import Harness, Recorder

from bot.app import create_bot
from bot.i18n import t
from tests.i18n.pseudo import english_words, pseudo_locale, recording_text

NAMES = ("Alice", "Bob")


def strings_of(data: dict) -> list[tuple[str, str]]:
    """(where, text) of everything a player can read in one message payload (a send or an edit)."""
    out: list[tuple[str, str]] = []
    if data.get("content"):
        out.append(("content", data["content"]))
    for embed in data.get("embeds") or []:
        out += [("embed", embed.get(k) or "") for k in ("title", "description")]
        for fld in embed.get("fields") or []:
            out += [("field", fld.get("name") or ""), ("field", fld.get("value") or "")]
        out.append(("footer", (embed.get("footer") or {}).get("text") or ""))
    stack = list(data.get("components") or [])
    while stack:
        comp = stack.pop()
        stack += comp.get("components") or []
        out += [("label", comp.get("label") or ""), ("placeholder", comp.get("placeholder") or "")]
        for option in comp.get("options") or []:
            out += [("option", option.get("label") or ""), ("option", option.get("description") or "")]
    return [(w, s) for w, s in out if s]


@pytest.fixture
async def qps(tmp_path, monkeypatch):
    """The pseudo-locale registered before the bot is built (its name is one of the language choices), a
    harness whose users' clients and server speak it, and a log of every payload the bot sends or edits."""
    with pseudo_locale(tmp_path / "qps") as locale:
        sent: list[tuple[str, str]] = []
        real_apply = Recorder._apply

        def apply(recorder, message, data, files):
            sent.extend(strings_of(data))
            real_apply(recorder, message, data, files)

        monkeypatch.setattr(Recorder, "_apply", apply)
        from bot.config import Settings
        bot = await create_bot(Settings(token=None, db_path=tmp_path / "rollbot.db"), sync_commands=False,
                         run_reminders=False)
        harness = Harness(bot)
        harness.locale = harness.guild_locale = locale
        await harness.start()
        try:
            yield harness, locale, sent
        finally:
            await harness.close()


def english_in(strings, names=NAMES) -> list[tuple[str, str, list[str]]]:
    return [(where, text, words) for where, text in strings if (words := english_words(text, names))]


async def play_game(harness, locale, alice, bob, max_steps: int = 1500) -> Driver:
    place = harness.channel()
    created = await harness.run("new", user=alice, place=place, players=2, language=locale)
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=bob, place=place, label=t("button.join", locale))
    started = await harness.click(lobby, user=alice, place=place, label=t("button.start", locale))
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game.meta["locale"] == locale
    driver = Driver(harness, place, [alice, bob])
    driver.game_id, driver._prompt_seat = game.id, None
    driver.absorb(started, alice)
    kind = harness.bot.sessions.kinds["rollplayer"]
    done_prefix = t("play.done", locale, move="\x00").split("\x00")[0]
    for _ in range(max_steps):
        game = await driver.game()
        if game.status != "active":
            break
        due = [p["seat"] for p in kind.pending(game.state)]
        driver._prompt_seat = due[0] if len(set(due)) == 1 else None
        user = alice if game.seats[due[0]].user_id == alice.id else bob
        result = await driver.act(user, due[0])
        refusals = [m.text() for m in result.messages if m.ephemeral and not m.buttons() and not m.selects()
                    and not (m.content or "").startswith(done_prefix)]
        assert not refusals, refusals
    # the looks a player asks for: their sheet, the table, the log, the status, help
    for command in ("sheet", "table", "log", "status", "help"):
        await harness.run(command, user=bob, place=place)
    return driver


async def test_a_pseudo_locale_game_shows_no_english(qps, alice, bob):
    harness, locale, sent = qps
    with recording_text() as pictures:
        driver = await play_game(harness, locale, alice, bob)
    game = await driver.game()
    assert game.status == "finished", "the game reached its final scores"
    assert len(sent) > 200 and len(pictures.drawn) > 1000
    assert any(where == "option" for where, _ in sent) and any(where == "label" for where, _ in sent)
    leaks = english_in(sent)
    assert not leaks, "English text reached a player:\n" + "\n".join(f"  {w}: {s!r} {e}" for w, s, e in leaks[:20])
    drawn = english_in([("picture", d.text) for d in pictures.drawn])
    assert not drawn, "English text on a picture:\n" + "\n".join(f"  {s!r} {e}" for _, s, e in drawn[:20])
    assert not pictures.clipped(), pictures.clipped()[:5]


async def test_a_hard_coded_label_is_caught(qps, alice, bob, monkeypatch):
    """The check is real: one button label written in English in the code shows up as a leak."""
    harness, locale, sent = qps
    import cogs.lobby as lobby

    real_t = lobby.t
    monkeypatch.setattr(lobby, "t", lambda key, loc=None, /, **kw: "Join" if key == "button.join" else real_t(
        key, loc, **kw))
    place = harness.channel()
    await harness.run("new", user=alice, place=place, players=2, language=locale)
    leaks = english_in(sent)
    assert [(w, s) for w, s, _ in leaks] == [("label", "Join")]
