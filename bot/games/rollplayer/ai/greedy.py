"""The one-ply greedy baseline: the legal move whose result has the highest projected score.

It is the yardstick of the benchmark (median 22 solo) and the core of the ``easy`` level. It looks one
move ahead on a determinized copy (so an Intelligence reroll is judged on a resampled die, never on the
real next roll), scores the seat's sheet with the kind's own projection (``scoring.score_player``), and
breaks ties with its seeded generator. Before every sheet is dealt (race and class choice) there is no
projection and it picks at random among the legal moves.
"""
from __future__ import annotations

from bot.games.rollplayer import engine
from bot.games.rollplayer.scoring import score_player, scoring_input

from .determinize import det_rng, determinize


def projected(st, seat: int) -> float:
    p = st.players[seat]
    if not (p.race and p.class_id and p.backstory and p.alignment):
        return 0.0
    return float(score_player(scoring_input(st, seat))["total"])


def greedy_move(st, seat: int, seed: int) -> dict:
    moves = engine.legal(st, seat)
    if not moves:
        raise ValueError("no legal move for this seat")
    rnd = det_rng(seed, st.moves, seat, 1)
    if len(moves) == 1:
        return moves[0]
    base = determinize(st, seat, rnd)
    if not (base.players[seat].backstory and base.players[seat].class_id):
        return moves[rnd.randrange(len(moves))]
    best = None
    best_moves: list[dict] = []
    for m in moves:
        c = base.clone()
        engine.play(c, m)
        v = projected(c, seat)
        if best is None or v > best + 1e-9:
            best, best_moves = v, [m]
        elif abs(v - best) <= 1e-9:
            best_moves.append(m)
    return best_moves[rnd.randrange(len(best_moves))]
