"""Errors shared by every game kind.

Rules never speak to users: an illegal move raises ``RuleError`` carrying a stable ``code`` (for tests and
logs) and a message ``key`` + ``params`` that the i18n layer turns into text in the player's language.
"""
from __future__ import annotations


class RuleError(Exception):
    """An illegal move or request; the game state is left unchanged."""

    def __init__(self, code: str, key: str | None = None, **params):
        self.code = code
        self.key = key or f"rules.error.{code}"
        self.params = params
        super().__init__(f"{code}: {params}" if params else code)
