"""Fixtures of the playground's browser tests: ``python -m bot --playground`` in its own process on a temporary
folder, and a headless Chromium on its page. Skipped where the machine has no Chromium (``.ci/run`` installs it)."""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

selenium = pytest.importorskip("selenium", reason="the browser tests need selenium (the test extra)")

from tests.playground_page.browser import Page, PlaygroundProcess, find_browser, new_driver


def running_playground(folder: Path) -> Iterator[PlaygroundProcess]:
    if find_browser() is None:
        why = "no chromium/chromedriver on this machine (apt-get install chromium chromium-driver)"
        if os.environ.get("ROLLBOT_REQUIRE_BROWSER"):      # .ci/run installs them: never skip there
            pytest.fail(why)
        pytest.skip(why)
    process = PlaygroundProcess(folder)
    process.start()
    try:
        yield process
    finally:
        process.stop()
    errors = process.errors()
    assert not errors, "the playground logged errors:\n" + "\n".join(errors[-10:])


def open_page(playground: PlaygroundProcess) -> Iterator[Page]:
    driver = new_driver()
    try:
        yield Page(driver, playground.url).open()
        script_errors = [e["message"] for e in driver.get_log("browser")
                         if e["level"] == "SEVERE" and e.get("source") == "javascript"]
        assert not script_errors, "the page's scripts failed:\n" + "\n".join(script_errors)
    finally:
        driver.quit()


@pytest.fixture
def playground(tmp_path: Path) -> Iterator[PlaygroundProcess]:
    yield from running_playground(tmp_path)


@pytest.fixture
def page(playground: PlaygroundProcess) -> Iterator[Page]:
    yield from open_page(playground)


@pytest.fixture(scope="module")
def shared_playground(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PlaygroundProcess]:
    """One playground for a module of short checks (starting one costs seconds): each check plays as its own
    person or in its own channel, so that the others' messages do not meet it."""
    yield from running_playground(tmp_path_factory.mktemp("playground"))


@pytest.fixture(scope="module")
def shared_page(shared_playground: PlaygroundProcess) -> Iterator[Page]:
    yield from open_page(shared_playground)
