"""Hangul on a computer without a Korean font (as this one's Chromium): a Korean tour at phone width saw "# ▯▯" for
"# 게임", "▯▯▯ ▯▯" for "나란히 보기" and boxes in a button's label, in some screenshots and not in others. Korean
words laid out before the page's Hangul font ("Rollbot Hangul", fetched only once Hangul shows) had arrived kept
the computer's own font, which has no Hangul (boxes), until they were written again: the Hangul font came after the
computer's fonts in the page's lists, and Chromium keeps the fallback it chose then. With the Hangul font first
(its unicode-range leaves every other letter to the fonts after it), they are redrawn in it once it arrives."""
from __future__ import annotations

from selenium.webdriver.common.by import By

from bot.i18n import t
from tests.playground_page.browser import Page

HANGUL_FONT = "NanumSquare"      # the family name inside images/fonts/NanumSquare{R,B}.ttf
#: the page's Hangul font faces, each as "weight status"
FACES = ("return [...document.fonts].filter(f => f.family.includes('Rollbot Hangul'))"
         ".map(f => f.weight + ' ' + f.status)")
#: the page's own words that turn Korean with the page, each as a selector and its catalog key ("# " + a channel)
WORDS = ((".toggle span", "playground.side_by_side"), (".skip-label", "playground.skip_time"),
         (".pane .who-label", "playground.you_are"), (".pane .chat-head", "playground.channel.games"))


def hangul_count(text: str) -> int:
    return sum("\uac00" <= ch <= "\ud7a3" for ch in text)


def fonts_drawing(page: Page, css: str) -> dict[str, int]:
    """The fonts Chromium draws the text of the first element matching ``css`` with: family -> glyphs."""
    page.driver.execute_cdp_cmd("DOM.enable", {})
    page.driver.execute_cdp_cmd("CSS.enable", {})
    root = page.driver.execute_cdp_cmd("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = page.driver.execute_cdp_cmd("DOM.querySelector", {"nodeId": root, "selector": css})["nodeId"]
    fonts = page.driver.execute_cdp_cmd("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return {font["familyName"]: font["glyphCount"] for font in fonts}


def test_the_page_in_korean_draws_hangul_in_its_font_once_the_font_arrived(page: Page):
    """The page turns Korean at once (the bold face of the Hangul font is asked for then: the labels over the
    people, the channel's name); once the font has arrived, every Hangul letter of its words is drawn in it. The
    label over the people ("지금 나는", bold) stayed boxes: laid out before the bold face arrived."""
    assert "700 unloaded" in page.driver.execute_script(FACES)
    page.language("ko")
    page.wait(lambda: "700 loaded" in page.driver.execute_script(FACES), 10, "the bold Hangul font to arrive")
    page.driver.execute_async_script("const done = arguments[arguments.length - 1];"
                                     "requestAnimationFrame(() => requestAnimationFrame(() => done()));")
    for css, key in WORDS:
        text = page.driver.find_element(By.CSS_SELECTOR, css).text
        assert t(key, "ko") in text and hangul_count(text) > 0, (css, text)
        assert fonts_drawing(page, css).get(HANGUL_FONT) == hangul_count(text), (css, fonts_drawing(page, css))
