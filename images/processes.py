"""Drawing in processes of their own.

The bot's Python code runs on one core at a time (one GIL): its event loop, its menus and its pictures take
turns, so a busy bot was bound by that one core while the machine's others idled (measured: 100 moves/s
over 100 open games kept the bot's process at 100 % of a core and its answers took over a second). A
picture is pure CPU from a small frozen view model to PNG bytes, so it can be drawn in another process:
the worker thread that asks for it sends the view there and waits, without holding the GIL.

* ``@drawn`` marks such a function (view model and options in, bytes out; arguments picklable). While no
  pool runs (the default: tests, tools, a bot started without one) it is an ordinary call.
* :func:`start` starts the pool (``python -m bot`` does, by ``ROLLBOT_DRAWING_PROCESSES``), :func:`stop`
  ends it. A pool that breaks (a drawing process killed) is replaced and the picture is drawn here.

A drawing process runs only the marked functions, looked up by module and name in a registry filled as
their modules are imported (there too); it imports no Discord, no engine.
"""

from __future__ import annotations

import functools
import importlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

#: (module, qualified name) -> the undecorated drawing function, in every process that imported it.
_DRAWN: dict[tuple[str, str], Callable[..., Any]] = {}
_pool: ProcessPoolExecutor | None = None
_size = 0
_lock = threading.Lock()
#: Modules a new drawing process imports before its first picture (what every picture needs).
WARM_MODULES = ("PIL.Image", "PIL.ImageDraw", "images.draw", "images.png", "images.text", "images.icons")


def drawn(fn: Callable[..., T]) -> Callable[..., T]:
    """Draw in a drawing process when a pool runs (see the module's docstring)."""
    key = (fn.__module__, fn.__qualname__)
    _DRAWN[key] = fn

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> T:
        pool = _pool
        if pool is None:
            return fn(*args, **kwargs)
        try:
            return pool.submit(_run, key, args, kwargs).result()
        except BrokenProcessPool:
            _replace(pool)
        except (RuntimeError, CancelledError):
            if _pool is pool:                       # not a pool stopped under the call: a real error
                raise
        return fn(*args, **kwargs)

    return call


def _run(key: tuple[str, str], args: tuple, kwargs: dict) -> Any:
    """In a drawing process: the registered function, its module imported on first use."""
    fn = _DRAWN.get(key)
    if fn is None:
        importlib.import_module(key[0])
        fn = _DRAWN[key]
    return fn(*args, **kwargs)


def exit_with_parent() -> None:
    """A pool worker's initializer: end this process as soon as the process that started it (the bot) is
    gone. A worker holds its own task pipe open and so never sees its parent die; a bot killed outright
    (SIGKILL, out of memory) would otherwise leave its drawing (and AI) processes behind, and with them
    whatever waits for their output pipes (a supervisor, a test). The parent's sentinel is a pipe only the
    parent writes to: it reads as closed once the parent is dead, zombie or not."""
    parent = multiprocessing.parent_process()
    if parent is None or parent.sentinel is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def pool_of(count: int) -> ProcessPoolExecutor:
    """``count`` worker processes, forked from a clean server process, that end with this process."""
    context = _context()
    if context.get_start_method() == "forkserver":
        context.set_forkserver_preload(["__main__", *WARM_MODULES])
    return ProcessPoolExecutor(max_workers=count, mp_context=context, initializer=exit_with_parent)


def _warm(modules: tuple[str, ...]) -> int:
    for name in modules:
        importlib.import_module(name)
    return os.getpid()


def _context() -> multiprocessing.context.BaseContext:
    """forkserver where there is one: the drawing processes are forked from a small clean server process,
    never from the bot's (whose threads and event loop a fork would copy mid-flight)."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def default_count() -> int:
    """One drawing process on a machine of two or more cores, none on one (nothing to gain)."""
    return 1 if (os.cpu_count() or 1) >= 2 else 0


def start(count: int) -> None:
    """Start ``count`` drawing processes (0: draw in the calling threads) and wait until they can draw."""
    global _pool, _size
    stop()
    if count <= 0:
        return
    pool = pool_of(count)
    for future in [pool.submit(_warm, WARM_MODULES) for _ in range(count)]:
        future.result(timeout=60)
    with _lock:
        _pool, _size = pool, count
    log.info("drawing in %d process(es)", count)


def _replace(broken: ProcessPoolExecutor) -> None:
    """A drawing process died: a new pool for the next pictures (started in the background)."""
    global _pool
    with _lock:
        if _pool is not broken:
            return
        _pool = None
        count = _size
    log.warning("a drawing process died; starting %d new one(s)", count)
    broken.shutdown(wait=False, cancel_futures=True)

    def restart() -> None:
        global _pool
        try:
            pool = pool_of(count)
            pool.submit(_warm, WARM_MODULES).result(timeout=60)
        except Exception:                           # noqa: BLE001 - drawing goes on in the threads
            log.exception("could not start new drawing processes; drawing in the bot's threads")
            return
        with _lock:
            if _pool is None and _size == count:
                _pool = pool
                return
        pool.shutdown(wait=False)
    threading.Thread(target=restart, name="drawing-restart", daemon=True).start()


def stop() -> None:
    global _pool, _size
    with _lock:
        pool, _pool, _size = _pool, None, 0
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def running() -> int:
    """How many drawing processes draw (0: pictures are drawn in the calling threads)."""
    return _size if _pool is not None else 0
