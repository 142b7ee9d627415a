"""A bot seat in the playground: Dan asks for a dice-poker duel against the bot in his DM and plays it to the
match result with clicks; the bot's moves arrive like anyone's (its AI thinks in a worker process)."""
from __future__ import annotations

from tests.playground_page.browser import Page, RandomPlayer, has_image


def test_a_poker_duel_against_the_bot_in_the_dm(page: Page):
    page.be("Dan")
    page.go("dm")
    page.command("/poker", "poker solo", {"opponents": 1, "level": "easy"})
    player = RandomPlayer(page, ["Dan"], "dm", seed=23,
                          done=lambda messages: any(has_image(m, "match.png") for m in messages))
    final = player.play()
    assert any(has_image(m, "match.png") for m in final)
    assert "Bot" in " ".join(m["text"] for m in final[-3:])

    # the finished game's history and Dan's stats, from the command picker
    for typed, pick in (("/poker", "poker log"), ("/poker", "poker stats show")):
        count = len(page.read()["messages"])
        page.command(typed, pick)
        answer = page.wait(lambda: page.read()["messages"][count:], 10, f"the answer to /{pick}")
        assert answer[-1]["text"].strip() and not page.read()["toast"]
    assert "Dan" in page.read()["messages"][-1]["text"]
