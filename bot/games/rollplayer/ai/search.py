"""Determinized look-ahead search over the seat's own decisions, valued by ``evaluate``.

For one decision the search draws ``worlds`` determinizations (``determinize``: fresh rolls, bag draws and
deck order). In each world every root move is played and the seat keeps deciding — place the die, take the
action, keep or revert a reroll, and in solo the whole Market Phase — for as long as it is the only seat
asked and the round has not changed; at each of those steps only the ``beam`` best children (by the static
value) are expanded further. A root move's value is its mean over the worlds, so a reroll or the enemy die
counts by its average, never by the real (hidden) outcome. The work is bounded by counts, not by the clock,
so the same state and seed always give the same move. The look plays with ``horizon`` (``flow.Horizon``): a
move that ends the round leaves the sheets as they are and does not roll the next round, which the look never
enters (the same values and moves at about four fifths of the solo CPU).
"""
from __future__ import annotations

from dataclasses import dataclass

from bot.games.rollplayer import engine

from .determinize import det_rng, determinize
from .evaluate import evaluate, sheet_key
from .learned import learned_value


@dataclass(frozen=True)
class Budget:
    worlds: int        # determinizations per decision
    root_keep: int     # root moves that get the full treatment (the rest are cut after one world)
    beam: int          # children expanded per own decision below the root
    depth: int         # own decisions looked at below the root
    max_evals: int     # hard cap on static evaluations per decision (keeps the time bounded)
    extra_rounds: int = 0  # also look into the next round(s), beam 1 (measured: no gain, so 0 by default)
    learned: bool = False  # value leaves with the learned weights (``learned.py``) instead of the heuristic

    @property
    def horizon(self) -> bool:
        """Whether the look ends with the round, so its plays need not roll the next one."""
        return self.extra_rounds == 0

    def value_fn(self):
        return learned_value if self.learned else evaluate


def _moves(st, seat: int) -> list[dict]:
    """Legal moves worth searching: weapon discards only matter for the hand limit, which the market
    step handles by itself, and the Cursed Ring is discarded by the scorer when it costs stars."""
    return [m for m in engine.legal(st, seat) if m["type"] != "discard_weapon"]


class _Search:
    def __init__(self, seat: int, budget: Budget):
        self.seat = seat
        self.b = budget
        self.evals = 0
        self._value = budget.value_fn()
        self._known: dict[tuple, float] = {}  # sheet_key -> value, for this decision only

    def value(self, st) -> float:
        self.evals += 1  # a known sheet counts too: the budget, and so the move, stay what they were
        if st.finished:
            return self._value(st, self.seat)
        key = sheet_key(st, self.seat)
        v = self._known.get(key)
        if v is None:
            v = self._known[key] = self._value(st, self.seat)
        return v

    def own_turn(self, st, root_round: int) -> bool:
        if st.finished or not root_round <= st.round <= root_round + self.b.extra_rounds:
            return False
        pend = engine.pending(st)
        if st.phase == "setup_dice":  # every seat places its own starting dice: nobody else's matter
            return any(d["seat"] == self.seat for d in pend)
        return bool(pend) and all(d["seat"] == self.seat for d in pend)

    def look(self, st, root_round: int, depth: int) -> float:
        """Best value reachable through the seat's own next decisions (beam-limited)."""
        if depth <= 0 or not self.own_turn(st, root_round) or self.evals >= self.b.max_evals:
            return self.value(st)
        moves = _moves(st, self.seat)
        if not moves:
            return self.value(st)
        scored = []
        for m in moves:
            c = st.clone()
            engine.play(c, m, self.b.horizon)
            scored.append((self.value(c), c))
        if len(scored) == 1 and depth > 1:
            return self.look(scored[0][1], root_round, depth)  # forced moves do not use up depth
        scored.sort(key=lambda x: -x[0])
        best = scored[0][0]
        beam = self.b.beam if st.round == root_round else 1
        for v, c in scored[:beam]:
            deeper = self.look(c, root_round, depth - 1)
            if deeper > best:
                best = deeper
        return best


def search_move(st, seat: int, seed: int, budget: Budget) -> tuple[dict, float, float, tuple[dict, float] | None]:
    """(chosen move, its mean value, the mean value of the state before it, the runner-up: the next best root move
    and its mean value, None when there was no other move to weigh). A hint compares the two."""
    moves = _moves(st, seat) or engine.legal(st, seat)
    if not moves:
        raise ValueError("no legal move for this seat")
    rnd = det_rng(seed, st.moves, seat, 2)
    value = budget.value_fn()
    if len(moves) == 1:
        w = determinize(st, seat, rnd)
        base = value(w, seat)
        c = w.clone()
        engine.play(c, moves[0], budget.horizon)
        return moves[0], value(c, seat), base, None
    srch = _Search(seat, budget)
    root_round = st.round
    worlds = [determinize(st, seat, rnd) for _ in range(budget.worlds)]
    base = sum(value(w, seat) for w in worlds) / len(worlds)
    # first world: every move, static + look-ahead, to keep the promising ones
    first = []
    for i, m in enumerate(moves):
        c = worlds[0].clone()
        engine.play(c, m, budget.horizon)
        first.append((srch.value(c), i, c))
    first.sort(key=lambda x: (-x[0], x[1]))
    keep = first[: budget.root_keep]
    totals = {i: srch.look(c, root_round, budget.depth) for _, i, c in keep}
    done = 1
    for w in worlds[1:]:
        if srch.evals >= budget.max_evals:
            break
        for _, i, _ in keep:
            c = w.clone()
            engine.play(c, moves[i], budget.horizon)
            totals[i] += srch.look(c, root_round, budget.depth)
        done += 1
    ranked = sorted(totals, key=lambda i: (-totals[i], i))     # the best first; on a tie, the first listed
    best_i = ranked[0]
    runner_up = (moves[ranked[1]], totals[ranked[1]] / done) if len(ranked) > 1 else None
    return moves[best_i], totals[best_i] / done, base, runner_up
