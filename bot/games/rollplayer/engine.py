"""The fast, unvalidated rules interface: ``create``, ``legal``, ``pending``, ``play``.

``legal(state, seat)`` lists the moves a seat may make now; ``play(state, move)`` applies a move that
``legal`` offered, *in place* (the public ``moves.apply`` clones first and validates). Both are short
dispatchers over the table of ``phases.py`` (one entry per phase / step / nested decision); after every
move the entry's automatic ending runs (``Step.settle``: next turn, next phase, cleanup) so that the state
always waits for someone's decision. Playouts and AI search use these directly.
"""
from __future__ import annotations

from .flow import OPTION_DEFAULTS, Horizon, create, enemy_target, lay_out_roll, solo_enemy
from .phases import ANY_TIME_MOVES, BY_PHASE, NESTED, any_time_moves

__all__ = ["OPTION_DEFAULTS", "create", "enemy_target", "lay_out_roll", "legal", "pending", "play", "solo_enemy"]


def legal(st, seat: int) -> list[dict]:
    """Exactly the legal moves of ``seat`` now (empty when it has none)."""
    if st.finished or not (0 <= seat < st.seats):
        return []
    sub = st.sub
    if sub is not None:
        return NESTED[sub["kind"]].legal(st) if sub["seat"] == seat else []
    entry = BY_PHASE[st.phase][st.step]
    out = entry.legal(st, seat)
    if entry.skills and st.players[seat].cards:
        out.extend(any_time_moves(st, seat))
    return out


def pending(st) -> list[dict]:
    """Who is expected to decide what: ``[{"seat", "decision", ...}]``."""
    if st.finished:
        return []
    sub = st.sub
    if sub is not None:
        nested = NESTED[sub["kind"]]
        d = {"seat": sub["seat"], "decision": sub["kind"]}
        if nested.pending is not None:
            d.update(nested.pending(st))
        return [d]
    entry = BY_PHASE[st.phase][st.step]
    return entry.pending(st, entry)


def play(st, move: dict, horizon: bool = False) -> list[dict]:
    """Apply a move ``legal`` offered, in place; returns the events. ``horizon``: the caller looks no
    further than this round, so a round this move ends is not followed into the next (``flow.Horizon``)."""
    events: list[dict] = Horizon() if horizon else []
    t = move["type"]
    handler = ANY_TIME_MOVES.get(t)
    if handler is None:
        sub = st.sub
        handler = (NESTED[sub["kind"]] if sub is not None else BY_PHASE[st.phase][st.step]).moves[t]
    handler(st, move, events)
    if st.sub is None and not st.finished:
        settle = BY_PHASE[st.phase][st.step].settle
        if settle is not None:
            settle(st, events)
    st.moves += 1
    return events
