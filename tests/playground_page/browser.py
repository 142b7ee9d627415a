"""Playing through the playground's page in a real headless Chromium (Selenium with the distribution's
chromedriver), the way a person does: every command is typed into the page's composer and picked from its
command list, every move is a click on a button or an option the bot's message offers.

``PlaygroundProcess`` runs ``python -m bot --playground`` (the README's first command) in its own process on a
temporary folder; ``Page`` drives one browser tab. ``RandomPlayer`` plays a game to its end: it looks at what
each person sees, clicks a random move among those the bot offers (move buttons, move selects, dice toggles and
Confirm), and presses "My moves" when a prompt carries no menu. Nothing here knows the rules.
"""
from __future__ import annotations

import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import (
    NoSuchElementException,
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement

ROOT = Path(__file__).resolve().parents[2]
URL_LINE = re.compile(r"rollbot playground: (http://\S+)")
CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
CHROMEDRIVER = ("chromedriver",)
#: components that carry a move (``cogs.buttons``): move buttons and selects, dice toggles and Confirm
MOVES = ("rp:m:", "rp:s:", "rp:t:", "rp:c:")
MY_MOVES = re.compile(r"^rp:v:\d+:moves$")


def find_browser() -> tuple[str, str] | None:
    chromium = next((p for p in map(shutil.which, CHROMIUM) if p), None)
    driver = next((p for p in map(shutil.which, CHROMEDRIVER) if p), None)
    if driver is None and Path("/usr/lib/chromium/chromedriver").exists():
        driver = "/usr/lib/chromium/chromedriver"
    return (chromium, driver) if chromium and driver else None


class PlaygroundProcess:
    """``python -m bot --playground`` in a process of its own; ``start()`` returns once the page's address is
    printed, ``stop()`` sends SIGTERM as Ctrl+C would, ``restart()`` does both on the same folder."""

    def __init__(self, folder: Path, port: int = 0) -> None:
        self.folder = folder
        self.port = port
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""
        self.log = folder / "playground.log"

    def start(self, timeout: float = 60.0) -> str:
        env = dict(os.environ, PYTHONUNBUFFERED="1", ROLLBOT_LOG_LEVEL="WARNING")
        env.pop("DISCORD_TOKEN", None)
        self.folder.mkdir(parents=True, exist_ok=True)
        out = self.log.open("a")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bot", "--playground", "--playground-dir", str(self.folder / "data"),
             "--port", str(self.port)],
            cwd=self.folder, env=env | {"PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE, stderr=out, text=True)
        deadline = time.monotonic() + timeout
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            match = URL_LINE.search(line)
            if match:
                self.url = match.group(1)
                return self.url
        self.stop()
        raise RuntimeError(f"the playground did not start; its log:\n{self.log.read_text()[-3000:]}")

    def stop(self, timeout: float = 30.0) -> int | None:
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        code, self.proc = self.proc.returncode, None
        return code

    def restart(self) -> str:
        self.stop()
        return self.start()

    def errors(self) -> list[str]:
        """The ERROR lines of the playground's log (the bot's, the local Discord's)."""
        return [line for line in self.log.read_text().splitlines() if " ERROR " in line]


def retried(method: Callable[..., Any]) -> Callable[..., Any]:
    """The page redraws a message or the sidebar when something changes: an element found a moment before may
    be gone by the click. Then find it again (three tries), as a person's second look would."""
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        for attempt in range(3):
            try:
                return method(*args, **kwargs)
            except StaleElementReferenceException:
                if attempt == 2:
                    raise
                time.sleep(0.1)
    wrapper.__doc__ = method.__doc__
    return wrapper


def new_driver(width: int = 1280, height: int = 860) -> webdriver.Chrome:
    found = find_browser()
    assert found is not None, "chromium and chromedriver are needed (apt-get install chromium chromium-driver)"
    chromium, chromedriver = found
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--lang=en-US", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(chromedriver))
    if width < 500:     # a headless window is at least 500 px wide: a phone's width is emulated
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    return driver


#: What a pane shows, read in one script: its person, and every message with its move components.
READ_PANE = """
const pane = document.querySelectorAll('.pane')[arguments[0]];
if (!pane) return null;
const msgs = [...pane.querySelectorAll('.message')].map((m) => ({
  id: m.dataset.id, ephemeral: m.classList.contains('ephemeral'), pinged: m.classList.contains('pinged'),
  text: m.querySelector('.body').innerText,
  images: [...m.querySelectorAll('img')].map((i) => i.getAttribute('src').split('/').pop()),
  alts: Object.fromEntries([...m.querySelectorAll('img')].map((i) => [i.getAttribute('src').split('/').pop(), i.alt])),
  buttons: [...m.querySelectorAll('button.c-button[data-custom-id]')].map((b) => ({
    id: b.dataset.customId, label: b.innerText.trim(), disabled: b.disabled,
    pending: b.classList.contains('pending')})),
  selects: [...m.querySelectorAll('.c-select')].map((s) => ({
    id: s.dataset.customId, min: +s.dataset.min,
    max: +s.dataset.max,
    disabled: s.classList.contains('disabled'),
    options: [...s.querySelectorAll('.c-option')].map((o) => ({value: o.dataset.value,
      label: o.querySelector('.o-label').innerText}))})),
}));
return {viewer: pane.querySelector('.person.active').dataset.person, revision: +(pane.dataset.revision || 0),
        channel: pane.querySelector('.chan.active').dataset.channel, messages: msgs,
        toast: pane.querySelector('.toast').hidden ? '' : pane.querySelector('.toast').innerText};
"""


class Page:
    """One browser tab on the playground; ``pane`` picks the left (0) or right (1) client."""

    def __init__(self, driver: webdriver.Chrome, url: str) -> None:
        self.driver = driver
        self.url = url
        self.actions = 0
        #: the last command's options as the form showed them: English name -> the name shown
        self.option_labels: dict[str, str] = {}

    def open(self, query: str = "") -> Page:
        self.driver.get(self.url + query)
        self.wait(lambda: self.driver.execute_script("return document.body.dataset.ready === '1'"), 20,
                  "the page to connect")
        return self

    def wait(self, check: Callable[[], Any], timeout: float = 15.0, what: str = "the page") -> Any:
        deadline = time.monotonic() + timeout
        while True:
            try:
                result = check()
            except (StaleElementReferenceException, WebDriverException) as error:
                if "no such window" in str(error):
                    raise
                result = None
            if result:
                return result
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}; "
                                     f"the page shows: {self.read()}")
            time.sleep(0.05)

    def pane(self, index: int = 0) -> WebElement:
        return self.driver.find_elements(By.CSS_SELECTOR, ".pane")[index]

    def read(self, pane: int = 0) -> dict[str, Any] | None:
        return self.driver.execute_script(READ_PANE, pane)

    def revision(self, pane: int = 0) -> int:
        return self.driver.execute_script(
            "const p = document.querySelectorAll('.pane')[arguments[0]]; return p ? +(p.dataset.revision || 0) : 0",
            pane)

    def settle(self, pane: int = 0, since: int | None = None, quiet: float = 0.25, timeout: float = 20.0) -> None:
        """Until the pane changed after ``since`` (its revision), then stayed still for ``quiet`` seconds."""
        if since is not None:
            self.wait(lambda: self.revision(pane) > since, timeout, "the bot's answer")
        last, still_since = self.revision(pane), time.monotonic()
        deadline = time.monotonic() + timeout
        while time.monotonic() - still_since < quiet and time.monotonic() < deadline:
            time.sleep(0.05)
            now = self.revision(pane)
            if now != last:
                last, still_since = now, time.monotonic()

    # --- who and where ---------------------------------------------------------------------------------------
    @retried
    def be(self, person: str, pane: int = 0) -> None:
        """Switch who one is, in one click."""
        root = self.pane(pane)
        button = root.find_element(By.CSS_SELECTOR, f'.person[data-person="{person}"]')
        if "active" in button.get_attribute("class"):
            return
        before = self.revision(pane)
        button.click()
        self.wait(lambda: self.read(pane)["viewer"] == person, 5, f"the page to show {person}")
        self.settle(pane, since=before)

    @retried
    def go(self, channel: str, pane: int = 0) -> None:
        """``games``, ``tavern``, ``lounge`` or ``dm`` (the person's DM with the bot)."""
        button = self.pane(pane).find_element(By.CSS_SELECTOR, f'.chan[data-channel="{channel}"]')
        if "active" in button.get_attribute("class"):
            return
        before = self.revision(pane)
        button.click()
        self.settle(pane, since=before)

    def language(self, locale: str, pane: int = 0) -> None:
        select = self.pane(pane).find_element(By.CSS_SELECTOR, "select.locale")
        select.click()
        select.find_element(By.CSS_SELECTOR, f'option[value="{locale}"]').click()
        self.wait(lambda: self.pane(pane).find_element(By.CSS_SELECTOR, "select.locale").get_attribute("value")
                  == locale, 5, f"the language {locale}")

    def split(self, on: bool = True) -> None:
        box = self.driver.find_element(By.ID, "side-by-side")
        if box.is_selected() != on:
            box.click()
        self.wait(lambda: len(self.driver.find_elements(By.CSS_SELECTOR, ".pane")) == (2 if on else 1), 5,
                  "the panes")

    # --- acting ----------------------------------------------------------------------------------------------
    def command(self, typed: str, pick: str, options: dict[str, Any] | None = None, pane: int = 0,
                answered: bool = True) -> None:
        """Type ``typed`` (e.g. "/poker"), click the command ``pick`` (its path, "poker new") in the list, fill
        its options (choices are picked by value, people by name) and press Send (``answered``: and wait for the
        bot's answer)."""
        root = self.pane(pane)
        box = root.find_element(By.CSS_SELECTOR, ".cmd-input")
        box.click()
        box.send_keys(typed)
        def chosen() -> bool:      # the list is redrawn while one types: click what is there now
            root.find_element(By.CSS_SELECTOR, f'.cmd-item[data-path="{pick}"]').click()
            return True
        self.wait(chosen, 5, f"/{pick} in the command list")
        self.wait(lambda: root.find_element(By.CSS_SELECTOR, ".cmd-input").get_attribute("readonly"), 5,
                  f"/{pick} chosen")
        self.option_labels = {o.get_attribute("data-option"): o.find_element(By.CSS_SELECTOR, ".opt-name").text
                              for o in root.find_elements(By.CSS_SELECTOR, ".opt")}
        for name, value in (options or {}).items():
            opt = self.wait(lambda: root.find_element(By.CSS_SELECTOR, f'.opt[data-option="{name}"]'), 5,
                            f"the option {name}")
            field = opt.find_element(By.CSS_SELECTOR, "input, select")
            if field.tag_name == "select":
                field.click()
                wanted = [o for o in field.find_elements(By.TAG_NAME, "option")
                          if o.get_attribute("value") in (str(value), f'"{value}"', str(value).lower())
                          or o.text == str(value)]
                assert wanted, f"option {name} offers no {value!r}"
                wanted[0].click()
            elif opt.get_attribute("data-autocomplete"):
                field.click()
                field.send_keys(str(value))
                choice = self.wait(lambda: opt.find_element(By.CSS_SELECTOR, ".ac-list:not([hidden]) .ac-item"), 5,
                                   f"autocomplete of {name}")
                choice.click()
            else:
                field.clear()
                field.send_keys(str(value))
        before = self.revision(pane)
        root.find_element(By.CSS_SELECTOR, ".send").click()
        self.actions += 1
        if answered:
            self.settle(pane, since=before)

    def click_button(self, label: str, pane: int = 0, message: str | None = None) -> None:
        """Click the newest button with this label (in ``message`` if given)."""
        root = self.pane(pane)
        scope = f'.message[data-id="{message}"] ' if message else ""
        buttons = [b for b in root.find_elements(By.CSS_SELECTOR, f"{scope}button.c-button")
                   if b.text.strip() == label and b.is_enabled()]
        assert buttons, f"no button {label!r}; the page shows: {self.read(pane)}"
        before = self.revision(pane)
        buttons[-1].click()
        self.actions += 1
        self.settle(pane, since=before)

    def past_toast(self, root: WebElement) -> None:
        """Let a toast the page shows (a refused click, read already by ``RandomPlayer.heard``) go before the
        next click, as a person waits for it to fade: it lies over the bottom of the chat, where a select opens
        its options (a click there was intercepted: ElementClickInterceptedException)."""
        self.driver.execute_script("arguments[0].querySelectorAll('.toast').forEach(t => { t.hidden = true; })",
                                   root)

    @retried
    def click_custom(self, message: str, custom_id: str, pane: int = 0) -> None:
        root = self.pane(pane)
        self.past_toast(root)
        button = root.find_element(By.CSS_SELECTOR,
                                   f'.message[data-id="{message}"] button.c-button[data-custom-id="{custom_id}"]')
        before = self.revision(pane)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        self.actions += 1
        self.settle(pane, since=before)

    def pick(self, message: str, custom_id: str, values: Sequence[str], pane: int = 0) -> None:
        """Open the select and click the options (then ✓ for a select of several)."""
        root = self.pane(pane)
        self.past_toast(root)
        select = root.find_element(By.CSS_SELECTOR,
                                   f'.message[data-id="{message}"] .c-select[data-custom-id="{custom_id}"]')
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", select)
        select.find_element(By.CSS_SELECTOR, ".c-select-head").click()
        before = self.revision(pane)
        for value in values:
            option = select.find_element(By.CSS_SELECTOR, f'.c-option[data-value="{value}"]')
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", option)
            option.click()
        if int(select.get_attribute("data-max")) > 1:
            select.find_element(By.CSS_SELECTOR, ".c-confirm").click()
        self.actions += 1
        self.settle(pane, since=before)

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(path))


def has_image(message: dict[str, Any], name: str) -> bool:
    return name in message["images"]


class RandomPlayer:
    """Plays the game in the current channel to its end (``done(messages)``), as ``people`` in turn."""

    def __init__(self, page: Page, people: Sequence[str], channel: str, *, seed: int = 1,
                 done: Callable[[list[dict[str, Any]]], bool] | None = None, max_actions: int = 400,
                 moves: int | None = None) -> None:
        """Plays until ``done(messages)`` holds or, with ``moves``, until that many moves were made."""
        self.page = page
        self.people = list(people)
        self.channel = channel
        self.rng = random.Random(seed)
        self.done = done or (lambda messages: False)
        self.max_actions = max_actions
        self.until_moves = moves
        self.moves = 0
        self.trail: list[str] = []
        #: (person, game version) where the bot answered a click with "not your turn"
        self.refused: set[tuple[str, int]] = set()

    def moves_in(self, view: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[str, str, Any]]] | None:
        """The newest message that offers this person moves built for the game's newest version (the
        version is the custom id's fourth field; older menus are stale), with its moves; None if none does."""
        def version(custom_id: str) -> int:
            return int(custom_id.split(":")[3])
        ids = [c["id"] for m in view["messages"] for c in m["buttons"] + m["selects"] if c["id"].startswith(MOVES)]
        newest = max(map(version, ids), default=0)
        for message in reversed(view["messages"]):
            if not any(c["id"].startswith(MOVES) and version(c["id"]) == newest
                       for c in message["buttons"] + message["selects"]):
                continue
            if not (message["ephemeral"] or message["pinged"] or len(self.people) == 1):
                continue        # a public prompt's menu is for whom it mentions (the page highlights it)
            if not message["ephemeral"] and (view["viewer"], newest) in self.refused:
                continue        # the bot said it is someone else's turn
            found: list[tuple[str, str, Any]] = []
            for b in message["buttons"]:
                if b["id"].startswith(MOVES) and not b["disabled"]:
                    found.append(("button", b["id"], b["label"]))
            for s in message["selects"]:
                if s["id"].startswith(MOVES) and not s["disabled"] and s["options"]:
                    found.append(("select", s["id"], s))
            if found:
                return message, found
        return None

    def heard(self, before: dict[str, Any], custom_id: str) -> None:
        """A new private answer without a menu right after a click on a public prompt is the bot saying "not
        your turn" (or why not): remember that this person is not the one due at this version."""
        after = self.page.read()
        if after["toast"]:
            self.trail.append(f"  the page says: {after['toast']}")
        known = {m["id"] for m in before["messages"]}
        fresh = [m for m in after["messages"] if m["id"] not in known]
        if fresh and fresh[-1]["ephemeral"] and not fresh[-1]["buttons"] and not fresh[-1]["selects"]:
            self.trail.append(f"  the bot says: {fresh[-1]['text'][-160:]!r}")
            self.refused.add((before["viewer"], int(custom_id.split(":")[3])))

    def my_moves(self, view: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
        for message in reversed(view["messages"]):
            if message["ephemeral"]:
                continue
            for b in message["buttons"]:
                if MY_MOVES.match(b["id"]) and not b["disabled"]:
                    return message, b["id"]
            return None
        return None

    def act(self, view: dict[str, Any]) -> bool:
        """One random move among those offered; False if none is (or the message was redrawn meanwhile, then
        the caller reads the page again)."""
        try:
            return self._act(view)
        except (StaleElementReferenceException, NoSuchElementException):
            self.trail.append("the message was redrawn before the click; reading again")
            self.page.settle()
            return True

    def _act(self, view: dict[str, Any]) -> bool:
        found = self.moves_in(view)
        if found is None:
            return False
        message, moves = found
        confirms = [m for m in moves if m[1].startswith("rp:c:")]
        # dice poker: toggling dice for ever is legal but dull; confirm half the time
        pool = confirms if confirms and self.rng.random() < 0.5 else moves
        kind, custom_id, what = self.rng.choice(pool)
        if kind == "button":
            self.trail.append(f"{view['viewer']} clicks {what!r} ({custom_id}) on {message['id']}")
            self.page.click_custom(message["id"], custom_id)
            self.heard(view, custom_id)
        else:
            count = max(what["min"], 1) if what["max"] <= 1 else self.rng.randint(max(what["min"], 1), what["max"])
            values = [o["value"] for o in self.rng.sample(what["options"], min(count, len(what["options"])))]
            self.trail.append(f"{view['viewer']} picks {values} in {custom_id}")
            self.page.pick(message["id"], custom_id, values)
            self.heard(view, custom_id)
        self.moves += 1
        return True

    def play(self) -> list[dict[str, Any]]:
        order = list(self.people)
        idle_rounds = waited = 0
        while self.page.actions < self.max_actions:
            current = self.page.read()["viewer"]
            if current in order:        # look as whoever is shown first: a switch costs a redraw
                order = [current] + [p for p in order if p != current]
            for person in order:
                self.page.be(person)
                self.page.go(self.channel)
                view = self.page.read()
                if self.done(view["messages"]) or (self.until_moves is not None and self.moves >= self.until_moves):
                    return view["messages"]
                if self.act(view):
                    idle_rounds = waited = 0
                    break
            else:
                waited += 1
                if waited <= 3:     # a bot seat may be thinking: its move comes by itself
                    time.sleep(0.4)
                    continue
                # nobody sees a menu: the prompt names several people; the first presses "My moves"
                for person in order:
                    self.page.be(person)
                    view = self.page.read()
                    button = self.my_moves(view)
                    if button is not None:
                        self.trail.append(f"{person} presses My moves")
                        self.page.click_custom(button[0]["id"], button[1])
                        if self.act(self.page.read()):
                            waited = 0
                            break
                else:
                    idle_rounds += 1
                    if idle_rounds > 20:
                        raise AssertionError(f"nobody can move; the page shows {self.page.read()}\n"
                                             + "\n".join(self.trail[-15:]))
                    time.sleep(0.3)     # a bot seat is thinking
        raise AssertionError(f"the game did not end within {self.max_actions} actions\n" + "\n".join(self.trail[-15:]))
