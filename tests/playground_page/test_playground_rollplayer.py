"""A Roll Player solo game in the DM with the bot, played in the playground's page to the final score: Ann
opens her DM, types ``/rp solo`` and picks it from the command list, types the first decision with ``/rp play``
and the bot's autocomplete, then plays every other with clicks on the buttons and menus the bot offers until
the scores picture is posted."""
from __future__ import annotations

from tests.playground_page.browser import Page, RandomPlayer, has_image


def test_a_roll_player_solo_game_in_the_dm_to_the_final_score(page: Page):
    page.go("dm")
    page.command("/rp", "rp solo")
    # the first decision typed: /rp play, its move picked from the bot's autocomplete (legal moves only)
    before = len(page.read()["messages"])
    page.command("/rp", "rp play", {"move": ""})
    assert len(page.read()["messages"]) > before and not page.read()["toast"]
    player = RandomPlayer(page, ["Ann"], "dm", seed=5, max_actions=900,
                          done=lambda messages: any(has_image(m, "scores.png") for m in messages))
    final = player.play()
    assert player.moves >= 20
    [scores] = [m for m in final if has_image(m, "scores.png")]
    assert not scores["ephemeral"] and not [b for b in scores["buttons"] if b["id"].startswith("rp:m:")]


def test_my_moves_answered_by_a_private_message_stops_its_spinner(page: Page):
    """A German tour: "My moves" kept spinning after the bot had answered with a private message (the page
    waited for the clicked message itself to be redrawn)."""
    from bot.i18n import t
    from tests.playground_page.test_playground_games import open_duel

    open_duel(page, "/rp", "rp new", {"players": 2})
    my_moves = t("button.my_moves", "en")

    def offering() -> list:
        return [m for m in page.read()["messages"] if any(b["label"] == my_moves for b in m["buttons"])]
    public = page.wait(offering, what="the live message with My moves (both players are due in setup)")
    before = len(page.read()["messages"])
    page.click_button(my_moves, message=public[-1]["id"])
    page.wait(lambda: len(page.read()["messages"]) > before, what="the private moves")
    page.settle()
    mine = [b for m in page.read()["messages"] for b in m["buttons"] if b["label"] == my_moves]
    assert mine and not any(b["pending"] for b in mine), mine
