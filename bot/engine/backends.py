"""Choosing the store from ``ROLLBOT_DB``: SQLite stays the embedded default, PostgreSQL is for several processes.

* a path (``rollbot.db``, ``/var/lib/rollbot/games.db``, ``:memory:``) or ``sqlite:///relative.db`` /
  ``sqlite:////absolute.db`` / ``sqlite:///:memory:`` → the SQLite ``Store``;
* ``postgresql://user:password@host:port/database`` (or ``postgres://``) → ``PgStore``; query parameters
  other than libpq's connection ones become server settings, so ``?search_path=rollbot`` puts the tables in
  a schema of their own.

Both stores have the same methods and guarantees (see docs/engine.md), so ``SessionManager`` takes either.
"""
from __future__ import annotations

import os
import re
from typing import Any

from .errors import StoreOpenError
from .store import Store

POSTGRES_SCHEMES = ("postgresql", "postgres")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


def backend_of(url_or_path: str | os.PathLike) -> tuple[str, str]:
    """("sqlite", path) or ("postgresql", url); StoreOpenError for a scheme neither store speaks."""
    text = os.fspath(url_or_path)
    found = _SCHEME.match(text)
    if found is None:
        return "sqlite", text
    scheme = found.group(1).lower()
    if scheme in POSTGRES_SCHEMES:
        return "postgresql", text
    if scheme == "sqlite":
        path = text[len(found.group(0)):]
        if not path.startswith("/"):
            raise StoreOpenError(text, "an SQLite URL is sqlite:///relative/path.db or sqlite:////absolute/path.db")
        return "sqlite", path[1:] or ":memory:"
    raise StoreOpenError(text, f"unknown database scheme {scheme!r} (use a file path, sqlite:/// or "
                               "postgresql://)")


def is_postgres(url_or_path: str | os.PathLike) -> bool:
    return backend_of(url_or_path)[0] == "postgresql"


async def open_store(url_or_path: str | os.PathLike, **options: Any):
    """Open the store ``url_or_path`` names. ``options`` go to ``Store.open`` or ``PgStore.open``; both take
    ``synchronous`` (FULL/NORMAL/OFF) and ``quick_check`` (on by default in both: a damaged database is
    refused here, for the bot and for every tool alike)."""
    backend, target = backend_of(url_or_path)
    if backend == "postgresql":
        from .pg_store import PgStore  # asyncpg is only needed by deployments that use PostgreSQL
        return await PgStore.open(target, **options)
    return await Store.open(target, **options)
