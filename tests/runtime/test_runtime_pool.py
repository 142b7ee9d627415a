"""Pictures drawn in the work-apart pool's processes (``bot.runtime.pool``): the same bytes as drawn in the
bot's threads, for every game's marked renderer; a drawing process that dies is replaced and the picture is drawn
anyway."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import images
from bot.games.dicepoker.kind import KIND as POKER
from bot.games.rollforadventure.kind import KIND as RFA
from bot.games.rollplayer.kind import KIND as RP
from bot.runtime import pool as processes
from images.dicepoker import render_hand, render_match
from images.rollforadventure import render_table as rfa_table
from images.rollplayer import live, step
from images.rollplayer.adapt import live_view, sheet_view, step_view
from images.rollplayer.render import sheet_png


@processes.apart
def sleepy(seconds: float) -> int:
    """A marked function for these tests: sleeps, then names the process it ran in."""
    time.sleep(seconds)
    return os.getpid()


@processes.apart
def refuse(text: str) -> None:
    raise ValueError(text)



def played(kind, seed: int, moves: int):
    """A state a few moves into a game (the first legal move each time)."""
    state = kind.create(2, seed, None)
    for _ in range(moves):
        pending = kind.pending(state)
        if not pending:
            break
        seat = pending[0]["seat"]
        state = kind.apply(state, seat, kind.legal_moves(state, seat)[0])[0]
    return state


def pictures() -> list[bytes]:
    """One picture of each marked renderer (the Roll Player ones by view, not remembered: ``__wrapped__``)."""
    rp = played(RP, 3, 40)
    names = ["Ana", "Bo"]
    poker, rfa = played(POKER, 4, 3), played(RFA, 5, 6)
    return [
        step.step_png.__wrapped__(step_view(rp, 0, names, "de"), "de"),
        live.live_png.__wrapped__(live_view(rp, names, "ko"), "ko"),
        sheet_png.__wrapped__(sheet_view(rp, 1, names, "fr"), "fr", 1),
        render_hand(poker, "de", names), render_match(poker, "en", names),
        rfa_table(rfa, names, "de"),
    ]


def test_drawn_in_a_process_or_a_thread_the_bytes_are_the_same(drawing_pool):
    assert processes.running() == 1
    apart = pictures()
    processes.stop()
    assert processes.running() == 0
    here = pictures()
    assert all(p.startswith(b"\x89PNG") for p in here)
    assert apart == here


def test_marked_renderers_draw_in_the_drawing_process(drawing_pool, monkeypatch):
    """While a pool runs, the thread that asks does not draw: its own drawing functions are never called."""
    from images.rollplayer import step as step_module

    calls = []
    monkeypatch.setattr(step_module, "draw", lambda *a: calls.append(a))   # only this process sees it
    rp = played(RP, 3, 10)
    assert step.step_png.__wrapped__(step_view(rp, 0, None, "en"), "en").startswith(b"\x89PNG")
    assert calls == []


def test_errors_come_back_to_the_caller(drawing_pool):
    with pytest.raises(ValueError, match="no such die"):
        refuse("no such die")
    assert sleepy(0) in processes.pids()                  # the process answers on


def test_a_call_that_cannot_be_pickled_is_worked_out_here(drawing_pool):
    """Nothing is sent (a call that took a place in the queue of answers would shift every later answer)."""
    here = os.getpid()

    class Local(float):                                    # a class the drawing process cannot import
        pass
    assert sleepy(Local(0)) == here
    assert [sleepy(0) for _ in range(3)] == processes.pids() * 3   # the answers still match their calls


def test_answers_go_to_their_calls_under_concurrency(drawing_pool):
    from concurrent.futures import ThreadPoolExecutor

    rp = played(RP, 3, 40)
    views = [step_view(rp, seat, [f"P{n}", "Q"], "en") for n in range(12) for seat in (0, 1)]
    alone = [step.step_png.__wrapped__.__wrapped__(v, "en") for v in views]     # drawn here, one by one
    with ThreadPoolExecutor(8) as threads:
        together = list(threads.map(lambda v: step.step_png.__wrapped__(v, "en"), views))
    assert together == alone


def test_a_hung_drawing_process_is_replaced(drawing_pool, monkeypatch):
    usual = processes.CALL_TIMEOUT_S
    monkeypatch.setattr(processes, "CALL_TIMEOUT_S", 0.5)
    [hung] = processes.pids()
    assert sleepy(5) == os.getpid()                        # given up on: worked out here instead
    assert processes.running() == 1 and processes.pids() != [hung]
    # the replacement answers (given the usual time: a fresh process imports the test module first, which a
    # busy machine may take longer than 0.5 s for)
    monkeypatch.setattr(processes, "CALL_TIMEOUT_S", usual)
    assert sleepy(0) in processes.pids()


def test_a_stopped_pool_stops_reading_its_pipes_before_they_close():
    """The setup error the test above (its fixture starting a pool right after the last test's stopped) met on a
    busy machine: ``WorkerLost(EOFError('Ran out of input'))`` while the new pool warmed up. A stopped worker's pipe
    was closed while its reader thread still read it; the freed number went to the new pool's pipe, and the old
    thread's next read took the new process's first answer. The reader thread now closes its pipe itself, once it
    has read the end the stopped process leaves, and stop() returns after that."""
    before = set(threading.enumerate())
    processes.start(1, warm=images.WARM_MODULES)
    [worker] = processes._pool.workers
    [reader] = [t for t in threading.enumerate() if t not in before and t.name == "drawing-answers"]
    closed_under_reader = []
    close = worker.conn.close

    def noted_close() -> None:
        closed_under_reader.append(reader.is_alive() and threading.current_thread() is not reader)
        close()
    worker.conn.close = noted_close
    processes.stop()
    assert closed_under_reader == [False] and worker.conn.closed and not reader.is_alive()


def test_a_dead_drawing_process_is_replaced(drawing_pool):
    pids = set(processes.pids())
    assert len(pids) == 1
    os.kill(pids.pop(), signal.SIGKILL)
    rp = played(RP, 3, 12)
    picture = step.step_png.__wrapped__(step_view(rp, 1, None, "en"), "en")    # drawn here meanwhile
    assert picture.startswith(b"\x89PNG")
    deadline = time.monotonic() + 60
    while processes.running() == 0 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert processes.running() == 1
    assert step.step_png.__wrapped__(step_view(rp, 1, None, "en"), "en") == picture


KILLED_BOT = """
import os, signal, sys
sys.path.insert(0, sys.argv[1])
import images
import images
from bot.runtime import pool as processes
if __name__ == "__main__":
    processes.start(2, warm=images.WARM_MODULES)
    print(" ".join(str(p) for p in processes.pids()), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
"""


def test_drawing_processes_end_with_a_killed_bot(tmp_path):
    """A bot killed outright (no shutdown code runs) leaves no drawing process behind, and so nothing that
    holds its output pipes open (a supervisor waiting for them would wait forever)."""
    script = tmp_path / "killed_bot.py"
    script.write_text(KILLED_BOT)
    repo = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, str(script), str(repo)], capture_output=True, text=True, timeout=60)
    assert done.returncode == -signal.SIGKILL, done.stderr
    pids = [int(p) for p in done.stdout.split()]      # capture_output returned: every pipe holder is gone
    assert len(pids) == 2
    for pid in pids:
        assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]
