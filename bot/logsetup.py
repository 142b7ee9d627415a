"""Logging for ``python -m bot``: one stderr handler whose filter removes secrets from every line.

At DEBUG, discord.py logs gateway payloads (each interaction carries a ``"token"`` that lets anyone answer
as the bot for 15 minutes) and the URLs of its HTTP calls (``/webhooks/<app id>/<token>``,
``/interactions/<id>/<token>/callback``); aiosqlite logs every statement with its parameters. So:

* third-party loggers stay at INFO (or the bot's level, if that is stricter) unless the operator asks for
  more with ``ROLLBOT_LOG_LEVEL_DISCORD``;
* whatever reaches the handler — the bot's own lines, library lines, tracebacks — passes through
  ``RedactSecrets``, which replaces the bot token and every interaction token with ``<redacted>``. The
  filter sits on the handler, not on a logger, because a logger's filters do not see records that child
  loggers propagate to it.
"""
from __future__ import annotations

import logging
import re
import sys
from collections.abc import Iterable
from typing import TextIO

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
REDACTED = "<redacted>"
#: Loggers of libraries that are chatty (and leak secrets or data) at DEBUG.
THIRD_PARTY = ("discord", "aiosqlite", "asyncio", "PIL")

_PATTERNS = (
    # interaction tokens in webhook and callback URLs: /webhooks/<app id>/<token>, /interactions/<id>/<token>
    (re.compile(r"(/(?:webhooks|interactions)/\d+/)[^/\s?#\"'<>]+"), r"\1" + REDACTED),
    # "token": "..." in JSON, 'token': '...' in a logged dict, also when escaped inside another string
    (re.compile(r"""((?:\\*["'])token(?:\\*["'])\s*:\s*(?:\\*["']))[^"'\\]+"""), r"\1" + REDACTED),
    # an Authorization header value
    (re.compile(r"(\bBot\s+)[A-Za-z0-9._\-]{20,}"), r"\1" + REDACTED),
    # anything shaped like a Discord bot token (base64 id . timestamp . hmac)
    (re.compile(r"\b[A-Za-z0-9_\-]{23,28}\.[A-Za-z0-9_\-]{6,7}\.[A-Za-z0-9_\-]{27,40}\b"), REDACTED),
)


class RedactSecrets(logging.Filter):
    """Rewrites a record's message (and its traceback text) with secrets replaced; never drops a record."""

    def __init__(self, secrets: Iterable[str | None] = ()):
        super().__init__()
        # longest first, so a secret that contains another is replaced whole
        self.secrets = sorted({s for s in secrets if s and len(s) >= 8}, key=len, reverse=True)

    def redact(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, REDACTED)
        for pattern, replacement in _PATTERNS:
            text = pattern.sub(replacement, text)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:         # a broken format string: let the handler report it as usual
            return True
        clean = self.redact(message)
        if clean != message or record.args:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


def library_level(bot_level: str, requested: str | None) -> str:
    """What third-party loggers run at: as asked, else INFO, or the bot's level when that is stricter."""
    if requested:
        return requested
    return bot_level if logging.getLevelName(bot_level) > logging.INFO else "INFO"


def setup_logging(level: str, *, libraries: str | None = None, secrets: Iterable[str | None] = (),
                  stream: TextIO | None = None) -> logging.Handler:
    """Install the redacting handler on the root logger (replacing handlers a previous call installed)."""
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "_rollbot", False)]:
        root.removeHandler(old)
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(RedactSecrets(secrets))
    handler._rollbot = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(level)
    for name in THIRD_PARTY:
        logging.getLogger(name).setLevel(library_level(level, libraries))
    return handler
