"""Child process for the crash test: plays dice races in channel 1 and prints "ack GAME SEQ" after each
commit. The parent SIGKILLs it at random instants and checks that every acknowledged move survived.

Usage: python tests/engine/crash_child.py DB [MOVES [SYNCHRONOUS]]
(MOVES: stop cleanly after that many, default 10**9; SYNCHRONOUS: FULL (default) or NORMAL)
"""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.engine import SessionManager, Store
from tests.engine.toy_kind import KIND

CHANNEL, USERS = 1, (11, 22)


async def main(path: str, moves: int, synchronous: str) -> None:
    store = await Store.open(path, synchronous=synchronous)
    mgr = SessionManager(store, {KIND.name: KIND})
    print("open", flush=True)
    for _ in range(moves):
        game = await mgr.game_in_channel(CHANNEL)
        if game is None:
            game = await mgr.create(KIND.name, 1, CHANNEL, USERS[0], "one", {"target": 60}, 2)
        if game.status == "lobby":
            if len(game.seats) < 2:
                game = await mgr.join(game.id, USERS[1], "two")
            game = await mgr.start(game.id, USERS[0])
        seat = KIND.pending(game.state)[0]["seat"]
        legal = KIND.legal_moves(game.state, seat)
        move = legal[(game.version * 7 + game.id) % len(legal)]
        result = await mgr.apply(game.id, USERS[seat], move, game.version)
        print(f"ack {game.id} {result.seq}", flush=True)
    await store.close()
    print("done", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10**9,
                     sys.argv[3] if len(sys.argv) > 3 else "FULL"))
