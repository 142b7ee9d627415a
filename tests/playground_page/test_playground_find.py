"""``/find`` in the playground: two people queue for a dice poker duel in #games, one on each side of the page;
the bot opens a thread for the table, which both sides list under #games as soon as it is made (a Discord client
shows a new thread at once); one follows the thread's mention in the bot's answer, the other the sidebar, and
they play there like in any channel."""
from __future__ import annotations

from selenium.webdriver.common.by import By

from bot.i18n import t
from tests.playground_page.browser import Page, RandomPlayer

QUEUE = {"game": "dicepoker", "players": 2, "pace": "none"}


def threads(page: Page, pane: int) -> list[str]:
    return [b.text for b in page.pane(pane).find_elements(By.CSS_SELECTOR, ".channels .chan.thread")]


def test_a_table_found_by_find_is_listed_and_played_in_its_thread(page: Page):
    page.split()
    page.be("Ann")
    page.be("Ben", pane=1)
    page.go("games")
    page.go("games", pane=1)
    assert threads(page, 0) == threads(page, 1) == []
    page.command("/find", "find join", QUEUE)
    page.command("/find", "find join", QUEUE, pane=1)       # the second in the queue completes the table

    for pane in (0, 1):
        page.wait(lambda pane=pane: threads(page, pane), 10, f"the thread in the sidebar of pane {pane}")
    assert threads(page, 0) == threads(page, 1)
    [name] = threads(page, 0)
    assert t("dicepoker.title", "en") in name

    # Ben follows the link in the bot's answer to his /find; Ann clicks the thread in the sidebar
    found = page.wait(lambda: page.pane(1).find_elements(By.CSS_SELECTOR, ".message.ephemeral .mention[data-channel]"),
                      10, "the bot's answer naming the thread")
    found[-1].click()
    page.wait(lambda: page.read(1)["channel"] == "thread", 5, "pane 1 to show the thread")
    page.go("thread")
    assert page.pane(0).find_element(By.CSS_SELECTOR, ".chan.thread").get_attribute("class").split().count("active")
    for pane in (0, 1):
        page.wait(lambda pane=pane: any(m["buttons"] for m in page.read(pane)["messages"]), 10,
                  f"the game in the thread, pane {pane}")
    page.split(False)
    player = RandomPlayer(page, ["Ann", "Ben"], "thread", seed=5, moves=4)
    player.play()
    assert player.moves >= 4
    assert not page.read()["toast"]


def test_the_moderator_may_change_the_servers_settings_and_others_are_told_what_they_lack(page: Page):
    page.go("games")
    page.be("Ben")
    page.command("/find", "find expiry", {"hours": 5})
    assert "You need the Manage Server permission to do that." in page.read()["messages"][-1]["text"]
    page.be("Ann")                                          # the server's Moderator: Manage Server too
    page.command("/find", "find expiry", {"hours": 5})
    assert t("find.expiry_set", "en", hours=5).replace("**", "") in page.read()["messages"][-1]["text"]
