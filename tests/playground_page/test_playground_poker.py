"""A dice-poker duel between two people in the playground's page, to the match result: Ann types ``/poker new``
and picks it from the command list, Ben joins (one click switches who one is), Ann starts, then both toggle
dice and confirm with clicks until the match picture is posted."""
from __future__ import annotations

from tests.playground_page.browser import Page, RandomPlayer, has_image


def test_a_poker_duel_in_the_browser_to_the_match_result(page: Page):
    page.go("games")
    page.command("/poker", "poker new")
    lobby = page.read()["messages"][-1]
    assert "Join" in [b["label"] for b in lobby["buttons"]], lobby
    page.be("Ben")
    page.click_button("Join")
    page.be("Ann")
    page.click_button("Start")
    player = RandomPlayer(page, ["Ann", "Ben"], "games", seed=3,
                          done=lambda messages: any(has_image(m, "match.png") for m in messages))
    final = player.play()
    assert player.moves >= 4
    assert any(has_image(m, "match.png") and not m["ephemeral"] for m in final)
