"""The moderator's panel of the playground's page: the bot's permissions in one channel, denied and allowed from the
page while the bot runs (``POST /api/permission``, which tells the bot as Discord does). A tour's tester had to stop
the playground and edit its saved file to take Attach Files away; the route came later, with no control on the page."""
from __future__ import annotations

from selenium.webdriver.common.by import By

from bot.i18n import t
from tests.playground_page.browser import Page


def panel_box(page: Page, permission: str):
    """The panel's box for ``permission`` (ticked: the bot has it in the channel chosen), the panel opened."""
    panel = page.driver.find_element(By.ID, "mod")
    if not panel.get_attribute("open"):
        panel.find_element(By.TAG_NAME, "summary").click()
    return page.driver.find_element(By.CSS_SELECTOR, f'#mod-perms input[data-permission="{permission}"]')


def denied(page: Page, channel: str) -> list[str]:
    """What the page knows the bot is denied in ``channel`` (its name), as the server answered."""
    return page.driver.execute_script(
        "const w = window.playground.world; return w.denied[w.channels.find((c) => c.name === arguments[0]).id];",
        channel)


def test_a_moderator_denies_and_allows_the_bot_a_permission_from_the_page(page: Page):
    """Ann unticks Attach Files for #games in the moderator's panel: the bot, told at once, refuses her new game
    there privately, naming the permission; ticked again, the same command opens a lobby, with no restart. The panel
    speaks the page's language (German: the permissions as Discord's German client names them)."""
    page.be("Ann")
    page.go("games")
    box = panel_box(page, "attach_files")
    assert box.is_selected() and page.driver.find_element(By.ID, "mod-channel").get_attribute("value")
    label = box.find_element(By.XPATH, "..").text
    assert label == t("permission.attach_files", "en")
    box.click()
    page.wait(lambda: denied(page, "games") == ["attach_files"], 10, "Attach Files denied in #games")
    assert not panel_box(page, "attach_files").is_selected() and panel_box(page, "send_messages").is_selected()

    page.command("/rp", "rp new", {"players": 2})
    [refusal] = [m for m in page.read()["messages"] if m["ephemeral"]]
    assert t("permission.attach_files", "en") in refusal["text"]
    assert not [m for m in page.read()["messages"] if not m["ephemeral"]], "no lobby was opened"

    panel_box(page, "attach_files").click()
    page.wait(lambda: denied(page, "games") == [], 10, "Attach Files allowed again")
    page.command("/rp", "rp new", {"players": 2})
    page.wait(lambda: [m for m in page.read()["messages"] if not m["ephemeral"]
                       and t("button.join", "en") in [b["label"] for b in m["buttons"]]], 15, "the lobby")

    page.language("de")
    page.wait(lambda: page.driver.find_element(By.CSS_SELECTOR, "#mod > summary").text
              == t("playground.moderator", "de"), 5, "the panel in German")
    assert panel_box(page, "attach_files").find_element(By.XPATH, "..").text == t("permission.attach_files", "de")
