"""The playground's page used the way a newcomer's tour used it, at desktop and at phone width (360 px): one check
for each defect the tour found, each of which failed before its fix. One playground for the module (starting one
costs seconds); each check plays as its own person or in its own channel."""
from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from bot.i18n import t
from tests.playground_page.browser import Page

PHONE = {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True}

#: where a message is against the chat's view, and whether the chat is read at its bottom
PLACE = """
const list = arguments[0].querySelector('.messages');
const node = list.querySelector(`.message[data-id="${arguments[1]}"]`);
const view = list.getBoundingClientRect(), r = node.getBoundingClientRect();
return {shows: r.bottom > view.top + 8 && r.top < view.bottom - 8,
        bottom: list.scrollHeight - list.scrollTop - list.clientHeight < 80};
"""


@pytest.fixture
def page(shared_page: Page) -> Page:
    return shared_page


@pytest.fixture
def phone(page: Page) -> Iterator[Page]:
    """The same tab at a phone's size (Chromium's device emulation), back to the desktop afterwards."""
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        yield page
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def js(page: Page, script: str, *args: Any) -> Any:
    return page.driver.execute_script(script, *args)


def keys(page: Page, *pressed: str) -> None:
    """Keys pressed where the keyboard is (the focused element), as a person does."""
    ActionChains(page.driver).send_keys(*pressed).perform()


def focused(page: Page) -> dict[str, str]:
    return js(page, "const a = document.activeElement; return {cls: a.className, text: a.innerText || '',"
                    " value: (a.dataset && a.dataset.value) || ''};")


def items(page: Page, selector: str) -> list[str]:
    return js(page, "return [...arguments[0].querySelectorAll(arguments[1])]"
                    ".map(n => n.dataset.path || n.dataset.value)", page.pane(), selector)


def composer(page: Page):
    box = page.pane().find_element(By.CSS_SELECTOR, ".cmd-input")
    box.click()
    return box


def live(page: Page) -> dict[str, Any]:
    """The game's live message: the newest public one offering a menu."""
    return page.wait(lambda: [m for m in page.read()["messages"] if m["selects"] and not m["ephemeral"]], 20,
                     "the live message")[-1]


def solo(page: Page) -> dict[str, Any]:
    """Ann's Roll Player solo game in her DM (started by the first check that needs it): its live message."""
    page.be("Ann")
    page.go("dm")
    if not any(m["selects"] and not m["ephemeral"] for m in page.read()["messages"]):
        page.command("/rp", "rp solo")
    return live(page)


def changed(page: Page, message: dict[str, Any]) -> dict[str, Any]:
    """The message once the bot has redrawn it (its menu is another)."""
    def redrawn() -> dict[str, Any] | None:
        now = next((m for m in page.read()["messages"] if m["id"] == message["id"]), None)
        return now if now and now["selects"] and now["selects"][0]["id"] != message["selects"][0]["id"] else None
    return page.wait(redrawn, 20, "the message redrawn")


def test_after_a_dismiss_the_channels_later_messages_still_appear(page: Page):
    """Dismiss left the hidden message in the page's list of drawn ones, and every later message was put after
    it, outside the page: none appeared until a reload."""
    page.be("Ben")
    page.go("lounge")
    page.command("/games", "games")
    [first] = [m for m in page.read()["messages"] if m["ephemeral"]]
    page.pane().find_element(By.CSS_SELECTOR, f'.message[data-id="{first["id"]}"] .dismiss').click()
    page.wait(lambda: not page.read()["messages"], 5, "the private message dismissed")
    page.command("/games", "games")
    [second] = page.wait(lambda: page.read()["messages"], 10, "the second answer, live")
    assert second["id"] != first["id"] and second["ephemeral"]
    page.open()                                     # dismissed for good, as on Discord
    page.wait(lambda: [m["id"] for m in page.read()["messages"]] == [second["id"]], 10, "the page after a reload")


def test_the_command_list_and_autocomplete_follow_the_arrow_keys(page: Page):
    """The arrows did nothing and Enter always took the first command: "/help" + Enter opened /rp help, and a
    plain "/" + Enter opened /rp abandon."""
    page.be("Ben")
    page.go("lounge")
    box = composer(page)
    box.send_keys("/")
    assert page.wait(lambda: items(page, ".cmd-item"), 5, "the command list")[0] == "help"   # where one starts
    box.send_keys("help")
    found = page.wait(lambda: (lambda f: f if "rp help" in f else None)(items(page, ".cmd-item")), 5, "/help's list")
    assert found[0] == "help", found                                  # the exact name first
    box.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_UP, Keys.ARROW_DOWN)
    assert items(page, ".cmd-item.active") == [found[2]]
    shown = js(page, "return arguments[0].querySelector('.cmd-item.active .cmd-name').textContent", page.pane())
    box.send_keys(Keys.ENTER)
    page.wait(lambda: box.get_attribute("readonly") and box.get_attribute("value") == shown, 5, f"{shown} chosen")
    box.send_keys(Keys.ESCAPE)

    box.send_keys("/notify", Keys.ENTER)
    zone = page.wait(lambda: page.pane().find_element(By.CSS_SELECTOR, '.opt[data-option="time_zone"] input'), 5,
                     "/notify chosen")
    zone.click()
    zone.send_keys("Europe/Par")
    page.wait(lambda: items(page, ".ac-list:not([hidden]) .ac-item") == ["Europe/Paris"], 5, "the zone's choices")
    zone.send_keys(Keys.ARROW_DOWN, Keys.ENTER)       # takes the highlighted choice
    assert zone.get_attribute("value") == "Europe/Paris" and not items(page, ".ac-list:not([hidden]) .ac-item")
    before = page.revision()
    zone.send_keys(Keys.ENTER)                         # and Enter sends, as Discord's client does
    page.settle(since=before)
    assert t("notify.saved", "en").replace("*", "") in page.read()["messages"][-1]["text"]


def test_in_french_the_names_shown_are_matched_before_the_english_ones(page: Page):
    """"/rfa pla" (placer) + Enter opened /rfa jouer, whose hidden English name is "play"."""
    page.be("Cleo")
    page.language("fr")
    try:
        box = composer(page)
        box.send_keys("/rfa pla")
        found = page.wait(lambda: (lambda f: f if len(f) > 1 else None)(items(page, ".cmd-item")), 5, "the list")
        assert found[0] == "rfa place", found
        box.send_keys(Keys.ENTER)
        placer = "/rfa " + t("rollforadventure.cmd.place.name", "fr")
        page.wait(lambda: box.get_attribute("value") == placer, 5, placer)
        box.send_keys(Keys.ESCAPE)
    finally:
        page.language("en-US")


def test_on_a_phone_a_menu_opens_in_view_and_the_people_are_named(phone: Page):
    """At 360 px an opened menu showed one option above the composer, the rest below the fold; the other people
    showed as initials only, their names in a tooltip a phone cannot hover."""
    page = phone
    page.be("Ann")
    names = js(page, "return [...arguments[0].querySelectorAll('.person .pname')].map(n => {"
                     " const r = n.getBoundingClientRect();"
                     " return r.width > 0 && r.right <= innerWidth ? n.innerText : ''})", page.pane())
    assert names == ["Ann", "Ben", "Cleo", "Dan"], names
    message = solo(page)
    head = page.pane().find_element(By.CSS_SELECTOR, f'.message[data-id="{message["id"]}"] .c-select-head')
    head.click()
    shown = js(page, """
        const list = arguments[0].querySelector('.c-options:not([hidden])');
        const view = arguments[0].querySelector('.messages').getBoundingClientRect();
        return [...list.querySelectorAll('.c-option')].filter((o) => {
          const r = o.getBoundingClientRect(); return r.top >= view.top && r.bottom <= view.bottom; }).length;""",
               page.pane())
    assert shown >= 4, f"{shown} options in view"
    keys(page, Keys.ESCAPE)                          # closes it, the keyboard back on its head
    assert "c-select-head" in focused(page)["cls"] and not page.pane().find_elements(
        By.CSS_SELECTOR, ".c-options:not([hidden])")


def test_a_click_higher_up_keeps_the_view_where_one_reads(phone: Page):
    """Any change threw the chat to its bottom: a click on the live message above a few private answers showed the
    answers, not the message the bot had just redrawn."""
    page = phone
    solo(page)
    for _ in range(2):
        page.command("/rp", "rp rules")               # taller than the view, below the live message
    message = live(page)
    select = message["selects"][0]
    page.pick(message["id"], select["id"], [select["options"][1]["value"]])
    changed(page, message)
    page.settle()
    place = js(page, PLACE, page.pane(), message["id"])
    assert place["shows"] and not place["bottom"], place


def test_the_bots_menus_are_used_with_the_keyboard(page: Page):
    """No option of a menu could be focused and neither Enter nor Space chose one: every move menu was
    mouse-only."""
    message = solo(page)
    head = page.pane().find_element(By.CSS_SELECTOR, f'.message[data-id="{message["id"]}"] .c-select-head')
    js(page, "arguments[0].focus()", head)
    options = [o["value"] for o in message["selects"][0]["options"]]
    keys(page, Keys.ARROW_DOWN)                       # opens the list on its first option
    assert focused(page)["value"] == options[0]
    keys(page, Keys.END, Keys.HOME, Keys.ARROW_DOWN)
    assert focused(page)["value"] == options[1]
    keys(page, Keys.ENTER)
    changed(page, message)
    page.settle()
    assert "c-select-head" in focused(page)["cls"]     # still on the menu, to go on with the keyboard

    # a menu of several (the page draws one with ✓; no move of these games asks for several yet)
    js(page, """
        const pane = window.playground.panes[0];
        const m = {id: "1", version: 1, author: {bot: true}, timestamp: new Date().toISOString(), components: [
          {type: 1, components: [{type: 3, custom_id: "x", min_values: 1, max_values: 2,
            options: [{label: "a", value: "a"}, {label: "b", value: "b"}, {label: "c", value: "c"}]}]}]};
        const node = pane.drawMessage(m, pane.ctx()); node.id = "several"; pane.list.append(node);
        node.querySelector('.c-select-head').focus();""")
    try:
        keys(page, Keys.SPACE, Keys.SPACE, Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.SPACE, Keys.TAB)
        picked = js(page, "return [...document.querySelectorAll('#several [aria-selected=\"true\"]')]"
                          ".map(o => o.dataset.value)")
        assert picked == ["a", "c"] and "c-confirm" in focused(page)["cls"], (picked, focused(page))
    finally:
        js(page, "document.getElementById('several').remove()")


def test_a_picture_opens_full_size_and_two_stack_on_a_phone(phone: Page):
    """A click on a picture did nothing, and at phone width two pictures side by side were 139 px wide each."""
    page = phone
    message = solo(page)
    picture = page.pane().find_element(By.CSS_SELECTOR, f'.message[data-id="{message["id"]}"] .c-gallery img')
    page.wait(lambda: js(page, "return arguments[0].complete && arguments[0].naturalWidth", picture), 10, "the picture")
    js(page, "arguments[0].scrollIntoView({block: 'center'})", picture)
    picture.click()
    viewer = page.wait(lambda: page.driver.find_element(By.CSS_SELECTOR, ".lightbox:not([hidden]) img"), 5,
                       "the picture viewer")
    size = page.wait(lambda: js(page, "const i = arguments[0]; return i.complete && i.naturalWidth"
                                      " && [i.getBoundingClientRect().width, i.naturalWidth]", viewer), 5, "full size")
    assert size[0] == size[1] > 360, size              # full size: wider than the phone, it scrolls
    keys(page, Keys.ESCAPE)
    page.wait(lambda: not page.driver.find_elements(By.CSS_SELECTOR, ".lightbox:not([hidden])"), 5, "it closes")

    # two pictures in one message (a poker hand's: the last hand and this one), drawn as the bot sends them
    src = picture.get_attribute("src")
    rects = js(page, """
        const pane = window.playground.panes[0];
        const a = (n) => ({filename: n, url: arguments[0], content_type: "image/png"});
        const m = {id: "2", version: 1, author: {bot: true}, timestamp: new Date().toISOString(),
                   attachments: [a("last_hand.png"), a("hand.png")]};
        const node = pane.drawMessage(m, pane.ctx()); node.id = "two"; pane.list.append(node);
        return [...node.querySelectorAll('.c-gallery img')].map((i) => {
          const r = i.getBoundingClientRect(); return [r.left, r.top, r.width, r.bottom]; });""", src)
    js(page, "document.getElementById('two').remove()")
    (left1, _, width1, bottom1), (left2, top2, width2, _) = rects
    assert left1 == left2 and top2 >= bottom1 and width1 == width2 > 250, rects


def test_a_picture_says_what_it_shows_to_a_screen_reader(page: Page):
    """The pictures had no alt text: a screen reader read "image" and nothing of the game. The bot describes each
    picture (the attachment's description, the gallery item's) and the page puts it in the picture's alt, the full
    size viewer's too; a picture sent without components (a plain attachment) is read by its description."""
    message = solo(page)
    alt = message["alts"]["table.png"]
    assert "Ann" in alt and len(alt) > 40, alt
    picture = page.pane().find_element(By.CSS_SELECTOR, f'.message[data-id="{message["id"]}"] .c-gallery img')
    js(page, "arguments[0].scrollIntoView({block: 'center'})", picture)
    picture.click()
    viewer = page.wait(lambda: page.driver.find_element(By.CSS_SELECTOR, ".lightbox:not([hidden]) img"), 5,
                       "the picture viewer")
    assert viewer.get_attribute("alt") == alt
    keys(page, Keys.ESCAPE)
    loose = js(page, """
        const pane = window.playground.panes[0];
        const m = {id: "3", version: 1, author: {bot: true}, timestamp: new Date().toISOString(), content: "x",
                   attachments: [{filename: "sheet.png", url: arguments[0], content_type: "image/png",
                                  description: "Character sheet of Ann"}]};
        const node = pane.drawMessage(m, pane.ctx());
        return [...node.querySelectorAll('img')].map((i) => i.alt);""", picture.get_attribute("src"))
    assert loose == ["Character sheet of Ann"]


def test_the_chat_scrollbar_is_dark(page: Page):
    """The chat's scrollbar was the light native one: a white strip down the dark page."""
    solo(page)
    page.command("/rp", "rp rules")
    box = js(page, "const l = arguments[0].querySelector('.messages'); const r = l.getBoundingClientRect();"
                   " return [r.right, r.top, r.bottom, l.scrollHeight > l.clientHeight, l.offsetWidth - l.clientWidth]",
             page.pane())
    right, top, bottom, overflows, bar = box
    assert overflows and bar > 0, box
    shot = Image.open(io.BytesIO(page.driver.get_screenshot_as_png())).convert("RGB")
    strip = [shot.getpixel((int(right) - 1 - x, y)) for x in range(bar) for y in range(int(top) + 2, int(bottom), 7)]
    assert max(max(p) for p in strip) < 90, sorted(strip, key=max)[-3:]


def test_an_option_autocompletes_while_a_later_required_one_is_empty(page: Page):
    """/rfa place value: the local Discord refused the autocomplete while "where" was empty (Discord sends what is
    filled), so value never offered anything."""
    page.be("Dan")
    page.go("dm")
    page.command("/rfa", "rfa solo")
    live(page)
    box = composer(page)
    box.send_keys("/rfa place")
    page.wait(lambda: items(page, ".cmd-item")[:1] == ["rfa place"], 5, "/rfa place listed")
    box.send_keys(Keys.ENTER)
    value = page.wait(lambda: page.pane().find_element(By.CSS_SELECTOR, '.opt[data-option="value"] input'), 5,
                      "the value option")
    value.click()
    offered = page.wait(lambda: items(page, '.opt[data-option="value"] .ac-list:not([hidden]) .ac-item'), 10,
                        "the values offered")
    assert set(offered) <= set("123456"), offered
    box.send_keys(Keys.ESCAPE)


def test_relative_times_are_redrawn_after_skip_time_and_as_time_passes(page: Page):
    """"Expires in 24 hours" still read 24 hours after +1 h (and after any time), until a reload."""
    page.be("Dan")
    page.go("tavern")
    page.command("/find", "find join", {"game": "dicepoker", "players": 2, "pace": "none"})

    def expiry() -> str:
        return page.pane().find_elements(By.CSS_SELECTOR, ".message .timestamp")[-1].text
    assert expiry() == "in 24 hours"
    page.driver.find_element(By.CSS_SELECTOR, '.skip-btn[data-skip="3600"]').click()
    page.wait(lambda: expiry() == "in 23 hours", 5, "the time redrawn after +1 h")

    # as time passes: the page's own timer, with the browser's clock two hours on
    watch = page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.timers = []; const every = window.setInterval;
        window.setInterval = (fn, ms, ...rest) => { window.timers.push({fn, ms}); return every(fn, ms, ...rest); };"""})
    try:
        page.open()
        page.wait(lambda: expiry() == "in 23 hours", 10, "the page again")
        js(page, "const now = Date.now; Date.now = () => now() + 2 * 3600 * 1000;"
                 " window.timers.filter((x) => x.ms <= 60000).forEach((x) => x.fn());")
        assert expiry() == "in 21 hours"
    finally:
        page.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": watch["identifier"]})
