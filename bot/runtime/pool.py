"""The work-apart process pool: pictures, menus and the AI worked out in processes of their own.

The bot's Python code runs on one core at a time (one GIL): its event loop, its menus and its pictures take
turns, so a busy bot was bound by that one core while the machine's others idled (measured: 100 moves/s
over 100 open games kept the bot's process at 100 % of a core and its answers took over a second). A
picture is pure CPU from a small frozen view model to PNG bytes, and a menu pure CPU from a game state to
its options, so both can be worked out in another process: the worker thread that asks sends the call there
and waits, without holding the GIL.

* ``@apart`` marks such a function (module level; arguments and result picklable): the renderers
  (``images.<game>``) and the menus (``cogs.menus.work_out_plan``). While no pool runs (the default: tests,
  tools, a bot started without one) it is an ordinary call.
* :func:`start` starts the pool (``python -m bot`` does, by ``ROLLBOT_DRAWING_PROCESSES``), :func:`stop`
  ends it. A process that dies or hangs is replaced, and that call is worked out here instead.
* :func:`executor` gives the AI its own ``concurrent.futures`` pool of processes started the same way
  (``bot.app``; ``cogs.bots`` runs its searches there).

The pool is a pipe per process: the calling thread pickles the call and writes it, a reader thread per
process hands back the answers in order, and the caller waits without holding the GIL. (``concurrent.futures``'
process pool passes every call through a queue feeder thread and a manager thread as well, which took a
tenth of the bot's own CPU at 100 calls a second.) A pool process runs only the marked functions, looked up by
module and name in a registry filled as their modules are imported (there too).

This package is a leaf: it names no module of the layers that use it. What a new process imports before its
first call (``warm``) is given by the caller (``images.WARM_MODULES`` for pictures).
"""

from __future__ import annotations

import collections
import functools
import importlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from multiprocessing.reduction import ForkingPickler
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

#: (module, qualified name) -> the undecorated function, in every process that imported it.
_MARKED: dict[tuple[str, str], Callable[..., Any]] = {}
#: Modules a new process imports before its first call (set by :func:`start`; the fork server preloads them).
_warm: tuple[str, ...] = ()
#: Seconds a call may take in a drawing process before the process counts as hung (killed and replaced).
CALL_TIMEOUT_S = 60.0


class WorkerLost(Exception):
    """The drawing process died or hung during a call (it is being replaced)."""


class NotSent(Exception):
    """The call could not be pickled (nothing was sent): it is worked out here."""


def apart(fn: Callable[..., T]) -> Callable[..., T]:
    """Worked out in a pool process when a pool runs (see the module's docstring)."""
    key = (fn.__module__, fn.__qualname__)
    _MARKED[key] = fn

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> T:
        pool = _pool
        if pool is not None:
            try:
                return pool.call(key, args, kwargs)
            except (WorkerLost, NotSent):
                pass
        return fn(*args, **kwargs)

    return call


def _run(key: tuple[str, str], args: tuple, kwargs: dict) -> Any:
    """In a drawing process: the registered function, its module imported on first use."""
    fn = _MARKED.get(key)
    if fn is None:
        importlib.import_module(key[0])
        fn = _MARKED[key]
    return fn(*args, **kwargs)


def _serve(conn: multiprocessing.connection.Connection, warm: tuple[str, ...] = ()) -> None:
    """A pool process: answer calls until the pipe closes. ``(True, result)`` or ``(False, exception)``."""
    worker_start()
    for name in warm:
        importlib.import_module(name)
    while True:
        try:
            key, args, kwargs = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer = (True, _run(key, args, kwargs))
        except BaseException as error:              # noqa: BLE001 - the caller raises it
            answer = (False, error)
        try:
            conn.send(answer)
        except Exception as error:                  # noqa: BLE001 - an unpicklable result or exception
            conn.send((False, RuntimeError(f"{key[0]}.{key[1]}: {error!r}")))


def worker_start() -> None:
    """A pool worker's first step (drawing and AI processes alike): ignore Ctrl-C and end with the parent.
    Ctrl-C in a terminal sends SIGINT to the whole process group; the bot stops its workers itself as it
    shuts down, so a worker that took the signal would only print a ``KeyboardInterrupt`` traceback over the
    bot's clean shutdown (or over its imports, in the first second)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent()


def exit_with_parent() -> None:
    """End this process as soon as the process that started it (the bot) is gone (a pool worker's first
    step). A worker holds its own task pipe open and so never sees its parent die; a bot killed outright
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


def _context(warm: tuple[str, ...] = ()) -> multiprocessing.context.BaseContext:
    """forkserver where there is one: workers are forked from a small clean server process, never from the
    bot's (whose threads and event loop a fork would copy mid-flight)."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if context.get_start_method() == "forkserver":
        context.set_forkserver_preload(["__main__", *warm])
    return context


class _Worker:
    """One drawing process and its pipe. Calls are written in turn (``send_lock``) and answered in the same
    order, so several may be under way: a reader thread hands each answer to the oldest waiting call.

    The reader thread owns our end of the pipe: it closes it when it stops reading (the process ended), with no
    call being written. Closed under a thread still reading it, its number was free for the next pipe opened (a
    new drawing process's, as the tests' pool starts right after the last one stopped), and the old reader's next
    read took that process's answer: its warm-up answer was lost and the new process counted as dead
    (``WorkerLost(EOFError('Ran out of input'))``, once in a few dozen starts on a busy machine)."""

    def __init__(self, context: multiprocessing.context.BaseContext, warm: tuple[str, ...] = ()):
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, warm), name="rollbot-drawing", daemon=True)
        self.process.start()
        child.close()
        self.send_lock = threading.Lock()       # one call written at a time
        self.waiting_lock = threading.Lock()    # the queue of calls under way (never held while writing,
        self.waiting: collections.deque[Future] = collections.deque()  # so answers are always read)
        self.lost: BaseException | None = None
        self.reader = threading.Thread(target=self._read, name="drawing-answers", daemon=True)
        self.reader.start()

    def submit(self, data: bytes) -> Future:
        """Send a pickled call (pickled before: a call that cannot be pickled must not take a place in the
        queue of answers)."""
        future: Future = Future()
        with self.send_lock:
            with self.waiting_lock:
                if self.lost is not None:
                    raise WorkerLost(repr(self.lost))
                self.waiting.append(future)
            try:
                self.conn.send_bytes(data)
            except (OSError, ValueError) as error:
                with self.waiting_lock:
                    if future in self.waiting:
                        self.waiting.remove(future)
                raise WorkerLost(repr(error)) from error
        return future

    def _read(self) -> None:
        try:
            while True:
                try:
                    answer = self.conn.recv()
                except (EOFError, OSError) as error:
                    self._fail(error)
                    return
                with self.waiting_lock:
                    future = self.waiting.popleft() if self.waiting else None
                if future is not None:
                    future.set_result(answer)
        finally:
            with self.send_lock:                # no call is being written to the number closed
                self.conn.close()

    def _fail(self, error: BaseException) -> None:
        with self.waiting_lock:
            self.lost = error
            waiting, self.waiting = list(self.waiting), collections.deque()
        for future in waiting:
            future.set_exception(WorkerLost(repr(error)))

    def close(self, kill: bool = False) -> None:
        """Stop the process: a drawing holds nothing worth waiting for. Its end of the pipe closes with it; the
        reader thread then reads the end of the pipe and closes ours (never closed here under it: see the
        class's docstring)."""
        if self.process.is_alive():
            (self.process.kill if kill else self.process.terminate)()
        self.process.join(timeout=5)
        self.reader.join(timeout=5)


class _Pool:
    """``count`` drawing processes; a call goes to the one with the fewest calls under way."""

    def __init__(self, count: int, warm: tuple[str, ...] = ()):
        self.context = _context(warm)
        self.warm_modules = warm
        self.workers: list[_Worker] = []
        self.lock = threading.Lock()
        self.closed = False
        for _ in range(count):
            self._add()

    def _add(self) -> None:
        worker = _Worker(self.context, self.warm_modules)
        with self.lock:
            self.workers.append(worker)

    def call(self, key: tuple[str, str], args: tuple, kwargs: dict) -> Any:
        try:
            data = bytes(ForkingPickler.dumps((key, args, kwargs)))
        except Exception as error:                  # noqa: BLE001 - whatever pickling raises
            raise NotSent(repr(error)) from error
        with self.lock:
            if self.closed or not self.workers:
                raise WorkerLost("no drawing process")
            worker = min(self.workers, key=lambda w: len(w.waiting))
        try:
            ok, value = worker.submit(data).result(timeout=CALL_TIMEOUT_S)
        except FutureTimeout as error:
            self._lost(worker, TimeoutError(f"{key[0]}.{key[1]} took over {CALL_TIMEOUT_S:g} s"))
            raise WorkerLost("timed out") from error
        except WorkerLost:
            self._lost(worker, None)
            raise
        if not ok:
            raise value
        return value

    def _lost(self, worker: _Worker, error: BaseException | None) -> None:
        """A process died or hung: kill it, start another in its place (unless the pool was stopped)."""
        with self.lock:
            if worker not in self.workers:
                return                              # another call saw it first
            self.workers.remove(worker)
        log.warning("a drawing process was lost (%r); starting another", error or worker.lost)
        worker.close(kill=True)
        if not self.closed:
            try:
                self._add()
            except Exception:                       # noqa: BLE001 - the others (or the threads) draw
                log.exception("could not start a drawing process")

    def warm(self) -> None:
        """Until every process answers (it has imported what pictures need)."""
        data = bytes(ForkingPickler.dumps((("os", "getpid"), (), {})))
        futures = [w.submit(data) for w in list(self.workers)]
        for future in futures:
            future.result(timeout=CALL_TIMEOUT_S)

    def close(self) -> None:
        self.closed = True
        with self.lock:
            workers, self.workers = self.workers, []
        for worker in workers:
            worker.close()


_MARKED[("os", "getpid")] = os.getpid
_pool: _Pool | None = None


def default_count() -> int:
    """One drawing process on a machine of two or more cores, none on one (nothing to gain)."""
    return 1 if (os.cpu_count() or 1) >= 2 else 0


def start(count: int, warm: tuple[str, ...] = ()) -> None:
    """Start ``count`` pool processes (0: work in the calling threads), each importing the modules ``warm``
    names first, and wait until they answer."""
    global _pool, _warm
    stop()
    _warm = tuple(warm)
    if count <= 0:
        return
    pool = _Pool(count, _warm)
    try:
        pool.warm()
    except Exception:
        pool.close()
        raise
    _pool = pool
    log.info("drawing in %d process(es)", count)


def stop() -> None:
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        pool.close()


def running() -> int:
    """How many drawing processes draw (0: pictures are drawn in the calling threads)."""
    return len(_pool.workers) if _pool is not None else 0


def pids() -> list[int]:
    """The drawing processes' ids (for tests and operators)."""
    return [w.process.pid for w in _pool.workers if w.process.pid is not None] if _pool is not None else []


def executor(count: int) -> ProcessPoolExecutor:
    """A ``concurrent.futures`` pool of ``count`` processes forked like the pool's and ending with this
    process (the AI's: its searches are few and long, so the executor's overhead does not count)."""
    return ProcessPoolExecutor(max_workers=count, mp_context=_context(_warm), initializer=worker_start)
