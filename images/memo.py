"""Pictures remembered by what they show.

A renderer's view model (a frozen dataclass) is everything its picture depends on, so two calls with equal
views, locale and options give the same bytes. The bot asks for a player's picture after every step, and
most steps leave most pictures as they were (a die placed changes one sheet, not the others, and not the
market); remembering the last few encodings by their inputs skips drawing and encoding those again. Calls
whose arguments cannot be hashed (a view holding a list) are simply drawn.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import TypeVar

import cachetools

T = TypeVar("T")
_NOTHING = object()


def remembered(size: int = 64) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Keep the results of the last ``size`` distinct calls used (an LRU cache; thread-safe: renderers run in
    worker threads; two threads asking for the same new picture may both draw it, which is harmless)."""

    def wrap(fn: Callable[..., T]) -> Callable[..., T]:
        items: cachetools.LRUCache[tuple, T] = cachetools.LRUCache(maxsize=size)
        lock = threading.Lock()

        @functools.wraps(fn)
        def call(*args, **kwargs) -> T:
            key = (args, tuple(sorted(kwargs.items())))
            try:
                hash(key)
            except TypeError:
                return fn(*args, **kwargs)
            with lock:
                value = items.get(key, _NOTHING)
            if value is not _NOTHING:
                call.hits += 1
                return value
            value = fn(*args, **kwargs)
            with lock:
                items[key] = value
            return value

        call.hits = 0
        call.forget = items.clear
        return call

    return wrap
