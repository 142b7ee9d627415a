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
