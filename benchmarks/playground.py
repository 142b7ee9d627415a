"""How fast the playground's page answers a click: ``python -m bot --playground`` in its own process, a headless
Chromium on its page, two people playing dice-poker duels with clicks (tests/playground_page/browser.py's random
player) for ``--clicks`` clicks at least.

A click's time is measured in the page itself (``window.playground.clicks``): from the click's handler to the
moment the page has drawn the bot's answer (the message edited in place, or the new one), so it holds the
page's call, the interaction through the local Discord, the bot's work (pictures included) and the redraw.
The last line is the headline figure ``playground_click_p95_ms=…`` (``playground_click_p50_ms=…`` before it).

``--shots DIR`` also leaves screenshots of the page there: a duel side by side at desktop width, and one
person's view at 360 px (phone) width.

Usage: ``python benchmarks/playground.py [--clicks 120] [--shots docs]`` (needs chromium and chromedriver).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.i18n import t  # noqa: E402
from tests.playground_page.browser import Page, PlaygroundProcess, RandomPlayer, has_image, new_driver  # noqa: E402

CHANNELS = ("games", "tavern", "lounge")


def duel(page: Page, seed: int) -> None:
    """One duel to the match result, in a channel of its own (one game per channel)."""
    channel = CHANNELS[(seed - 1) % len(CHANNELS)]
    page.be("Ann")
    page.go(channel)
    page.command("/poker", "poker new")
    page.be("Ben")
    page.click_button("Join")
    page.be("Ann")
    page.click_button("Start")
    RandomPlayer(page, ["Ann", "Ben"], channel, seed=seed,
                 done=lambda messages: any(has_image(m, "match.png") for m in messages[-3:])).play()


def shots(playground: PlaygroundProcess, folder: Path) -> None:
    """Desktop: Ann and Ben side by side in a Roll Player game; phone: Ann's poker solo in her DM, and Cleo's
    Korean Roll Player game (the page's own texts in Korean too)."""
    folder.mkdir(parents=True, exist_ok=True)
    driver = new_driver(1400, 900)
    try:
        page = Page(driver, playground.url).open()
        page.split(True)
        page.be("Ann", pane=0)
        page.be("Ben", pane=1)
        page.go("tavern", pane=0)
        page.go("tavern", pane=1)
        page.command("/rp", "rp new", {"players": 2}, pane=0)
        page.click_button("Join", pane=1)
        page.click_button("Start", pane=0)
        time.sleep(2.0)
        page.screenshot(folder / "playground-desktop.png")
        page.split(False)
    finally:
        driver.quit()
    driver = new_driver(360, 760)
    try:
        page = Page(driver, playground.url + "?split=0").open()
        page.be("Ann")
        page.go("dm")
        page.command("/poker", "poker solo")
        time.sleep(2.0)
        page.screenshot(folder / "playground-phone.png")
        page.be("Dan")
        page.language("ko")
        page.be("Cleo")
        page.language("ko")
        page.go("lounge")
        page.command("/rp", "rp new", {"players": 2, "language": "ko"})
        page.be("Dan")
        page.click_button(t("button.join", "ko"))
        page.be("Cleo")
        page.click_button(t("button.start", "ko"))
        time.sleep(2.0)
        page.screenshot(folder / "playground-phone-ko.png")
    finally:
        driver.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=120)
    parser.add_argument("--shots", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rollbot-playground-bench.") as tmp:
        playground = PlaygroundProcess(Path(tmp))
        playground.start()
        driver = new_driver()
        try:
            page = Page(driver, playground.url).open()
            seed = 1
            while len(driver.execute_script("return window.playground.clicks")) < args.clicks:
                duel(page, seed)
                seed += 1
            clicks = driver.execute_script("return window.playground.clicks.filter((c) => c.path !== '/api/command')")
            driver.quit()
            driver = None
            if args.shots:
                shots(playground, args.shots)
        finally:
            if driver is not None:
                driver.quit()
            playground.stop()
    times = sorted(c["ms"] for c in clicks)
    p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
    print(f"clicks measured: {len(times)}; max {times[-1]:.0f} ms")
    print(f"playground_click_p50_ms={statistics.median(times):.0f}")
    print(f"playground_click_p95_ms={p95:.0f}")


if __name__ == "__main__":
    main()
