"""The log never holds a token, and DEBUG for the bot does not turn on the libraries' floods."""
from __future__ import annotations

import io
import logging

import pytest

from bot.config import ConfigError, load_settings
from bot.logsetup import REDACTED, THIRD_PARTY, library_level, setup_logging

BOT_TOKEN = "MTA5ODc2NTQzMjEwOTg3NjU0.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
ITOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpzZWNyZXQ"


@pytest.fixture
def captured():
    """The root logger set up as ``python -m bot`` does, writing into a buffer; restored afterwards."""
    root = logging.getLogger()
    saved = root.handlers[:], root.level, {n: logging.getLogger(n).level for n in THIRD_PARTY}
    out = io.StringIO()

    def setup(level="DEBUG", libraries=None, secrets=(BOT_TOKEN,)):
        setup_logging(level, libraries=libraries, secrets=secrets, stream=out)
        return out
    try:
        yield setup
    finally:
        for handler in [h for h in root.handlers if getattr(h, "_rollbot", False)]:
            root.removeHandler(handler)
        root.handlers[:] = saved[0]
        root.setLevel(saved[1])
        for name, level in saved[2].items():
            logging.getLogger(name).setLevel(level)


@pytest.mark.parametrize("line, args", [
    # discord.py's HTTP debug line (method, URL, payload, status)
    ("%s %s with %s has returned %s", ("POST", f"https://discord.com/api/v10/webhooks/800000000000000001/{ITOKEN}",
                                       {"content": "hi"}, 200)),
    ("%s %s with %s has returned %s", ("POST", f"https://discord.com/api/v10/interactions/123/{ITOKEN}/callback",
                                       None, 204)),
    ("%s %s has returned %s", ("PATCH", f"/webhooks/1/{ITOKEN}/messages/@original?wait=true", 200)),
    # a gateway payload as discord.py logs it (a dict) and as JSON text, also escaped inside a string
    ("For Shard ID %s: WebSocket Event: %s", (0, {"t": "INTERACTION_CREATE", "d": {"id": "1", "token": ITOKEN}})),
    ('received {"op":0,"d":{"token": "%s","id":"1"}}', (ITOKEN,)),
    ("%r", ('{\\"token\\": \\"' + ITOKEN + '\\"}',)),
    # the bot token, literally, in a header or anywhere else
    ("Authorization: Bot %s", (BOT_TOKEN,)),
    ("identify with %s", (BOT_TOKEN,)),
])
def test_tokens_are_redacted_from_every_line(captured, line, args):
    out = captured(libraries="DEBUG")
    logging.getLogger("discord.http").debug(line, *args)
    text = out.getvalue()
    assert ITOKEN not in text and BOT_TOKEN not in text and REDACTED in text, text


def test_a_token_that_merely_looks_like_one_is_redacted_too(captured):
    out = captured(secrets=())
    logging.getLogger("bot").warning("someone pasted %s", BOT_TOKEN)
    assert BOT_TOKEN not in out.getvalue()


def test_tracebacks_are_redacted(captured):
    out = captured()
    try:
        raise RuntimeError(f"POST /webhooks/1/{ITOKEN} failed for token {BOT_TOKEN}")
    except RuntimeError:
        logging.getLogger("cogs.play").exception("answering failed")
    text = out.getvalue()
    assert "Traceback" in text and "RuntimeError" in text
    assert ITOKEN not in text and BOT_TOKEN not in text


def test_ordinary_lines_are_left_alone(captured):
    out = captured()
    logging.getLogger("bot").info("game %d: seat %s moved (%s)", 12, 0, "token of trust")
    assert out.getvalue().rstrip().endswith("bot: game 12: seat 0 moved (token of trust)")


def test_bot_debug_keeps_the_libraries_at_info(captured):
    out = captured("DEBUG")
    assert logging.getLogger("bot").isEnabledFor(logging.DEBUG)
    for name in THIRD_PARTY:
        assert not logging.getLogger(name).isEnabledFor(logging.DEBUG), name
        assert logging.getLogger(f"{name}.sub").getEffectiveLevel() == logging.INFO
    logging.getLogger("discord.gateway").debug("payload")
    logging.getLogger("aiosqlite").debug("executing SELECT")
    assert out.getvalue() == ""


def test_the_libraries_can_be_asked_for_separately(captured):
    captured("DEBUG", libraries="DEBUG")
    assert logging.getLogger("discord.gateway").isEnabledFor(logging.DEBUG)
    captured("WARNING")
    assert not logging.getLogger("discord").isEnabledFor(logging.INFO), "a stricter bot level applies to them"
    assert library_level("ERROR", None) == "ERROR" and library_level("DEBUG", None) == "INFO"


def test_library_level_setting(tmp_path):
    assert load_settings({}, tmp_path / "none.env").log_level_libraries is None
    assert load_settings({"ROLLBOT_LOG_LEVEL_DISCORD": "debug"}, tmp_path / "none.env").log_level_libraries == "DEBUG"
    with pytest.raises(ConfigError, match="ROLLBOT_LOG_LEVEL_DISCORD"):
        load_settings({"ROLLBOT_LOG_LEVEL_DISCORD": "LOUD"}, tmp_path / "none.env")
