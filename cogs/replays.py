"""Rebuilding a game's past from its seed and move log: the rounds of a replay and the score chart.

The shell never reads a game's state: the rules say where a round begins (``GameKind.round_mark``) and
what each seat would score now (``GameKind.projected_scores``); both hooks are optional (docs/contracts.md).
A co-operative kind (``Kind.cooperative``) has no score per seat to chart or to project.
Without ``round_mark`` a replay steps from public step to public step (``Kind.step_mark``); without
``projected_scores`` the engine ranks the kind's ``score(state)`` as it does at the end of a game.

Everything here is CPU work on a copy: call it through ``in_worker``.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any

from babel.core import UnknownLocaleError
from babel.numbers import format_decimal

from bot.engine import GameView, MoveRecord
from bot.engine.results import seat_results
from bot.engine.table import TableMeta, held_at
from bot.engine.turn import HANDED_FOR, HANDED_OVER
from bot.i18n import t
from images.chart import ChartWords, render_chart

from .seam import Picture, Presentation, player_name
from .seats import shown_game
from .usertext import plain_name, shown_name

log = logging.getLogger(__name__)

@dataclass(frozen=True)
class Frame:
    """One step of a replay: the game after ``version`` moves (0: the start)."""
    version: int
    scores: tuple[float, ...]


def result_text(presentation: Presentation, kind: Any, total: float | None, place: int | None, options: dict | None,
                locale: str, *, average: bool = False) -> str:
    """A seat's result as stats, boards, ``/games`` and the history's game list show it: the score with its unit
    (``Presentation.result_words``: "17 reputation", "19 Gold"), and won or lost for a co-operative game, whose
    score alone ("0") said neither (``average``: a figure over several games, which has no outcome)."""
    won = None if average or not kind.cooperative or place is None else place == 1
    return presentation.result_words(score_text(total, locale), won, options or {}, locale) if total is not None \
        else score_text(total, locale)


def replay_command(presentation: Presentation, game_id: int, locale: str) -> str:
    """The command that replays game ``game_id``, as a client in ``locale`` lists it (``/rp replay game:6``): the
    number a player needs to find a finished game again, said where they meet the game."""
    return (f"/{t(presentation.group_key, locale)} {t('cmd.replay.name', locale)} "
            f"{t('history.opt.game.name', locale)}:{game_id}")


def score_text(value: float | None, locale: str) -> str:
    """A score as stats and replays show it, in the reader's language: whole numbers without decimals, one decimal
    otherwise, written as ``locale`` writes it (Babel: "17,5" in French and German, where "17.5" read as a
    misprint), "-" for none. A language Babel does not know (a test's pseudo-locale) gets the decimal point."""
    if value is None:
        return "-"
    if float(value).is_integer():
        return str(int(value))
    try:
        return format_decimal(round(float(value), 1), "0.#", locale=locale)
    except (ValueError, LookupError, UnknownLocaleError):
        return f"{value:.1f}"


def projected(kind: Any, state: Any, seats: int) -> tuple[float, ...]:
    values = kind.projected_scores(state)
    if values is None:
        values = [r.total for r in sorted(seat_results(kind, state, seats, kind.score(state)), key=lambda r: r.seat)]
    return tuple(float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.0 for v in values)


def effective(moves: list[MoveRecord]) -> list[MoveRecord]:
    """The moves in effect: the log without its undo entries and the moves they took back."""
    undone = {m.undoes for m in moves if m.undoes is not None}
    return [m for m in moves if m.undoes is None and m.seq not in undone]


def frames(kind: Any, game: GameView, moves: list[MoveRecord]) -> list[Frame]:
    """The start, the first moment of every round, and the last move (the end, or now): a replay's steps."""
    moves = effective(moves)
    def mark_of(state: Any) -> Any:
        mark = kind.round_mark(state)
        return kind.step_mark(state) if mark is None else mark

    seats = len(game.seats)
    state = kind.create(seats, game.seed, game.options)
    mark = mark_of(state)
    found = [Frame(0, projected(kind, state, seats))]
    for record in moves:
        state, _ = kind.apply(state, record.seat, record.move)
        now = mark_of(state)
        if now != mark:
            mark = now
            found.append(Frame(record.seq, projected(kind, state, seats)))
    if moves and found[-1].version != moves[-1].seq:
        found.append(Frame(moves[-1].seq, projected(kind, state, seats)))
    return found


@dataclass(frozen=True)
class Played:
    """One move of the log as the rules replayed it: the table it was played on, the table after it (None: the
    rules no longer replay it), and what the rules did (its events, as the live message got them)."""
    before: Any
    after: Any
    events: tuple[dict, ...]


def replayed(kind: Any, game: GameView, moves: list[MoveRecord]) -> dict[int, Played]:
    """Every move of the log played again from the seed (seq -> :class:`Played`), so that ``/<game> log`` words
    a move on the table it was played on, and what followed it as the live message told it; 0 is the start, with
    what the rules did before the first move (``Kind.opening``: the first deal, the opening roll). An undo entry
    goes back to the state before the move it took back. A log the rules no longer replay stops there: the moves
    after it have no state (the log labels them with the game as it is, and tells nothing of what followed)."""
    played: dict[int, Played] = {}
    try:
        state, opening = kind.opening(len(game.seats), game.seed, game.options)
        played[0] = Played(state, state, tuple(opening))
        for record in moves:
            if record.undoes is not None:
                state = played[record.undoes].before if record.undoes in played else state
                continue
            played[record.seq] = Played(state, None, ())       # what followed is known once the rules replay it
            after, events = kind.apply(state, record.seat, record.move)
            played[record.seq] = Played(state, after, tuple(events))
            state = after
    except Exception:  # noqa: BLE001 - an old log must still list its moves
        log.warning("game %s: its log no longer replays; later moves are labelled as the game stands", game.id)
    return played


def states_before(kind: Any, game: GameView, moves: list[MoveRecord]) -> dict[int, Any]:
    """The state each move of the log was played on (seq -> state, :func:`replayed`), so that a move's label
    reads as it did when it was made, not as the table stands now (a die taken off has gone elsewhere since,
    another hero is active)."""
    return {seq: step.before for seq, step in replayed(kind, game, moves).items()}


def move_words(presentation: Any, game: GameView, before: dict[int, Any], record: MoveRecord, locale: str) -> str:
    """A logged move in words, on the table it was played on (``before``: :func:`states_before`; a move with no
    state there is worded on ``game`` as it is). ``/<game> log`` and the live message's undo line word a move
    taken back alike; a label of an old move that the game's words no longer read is "(a move)", never an error."""
    then = replace(game, state=before[record.seq]) if record.seq in before else game
    try:
        return presentation.log_label(then, record.seat, record.move, locale)
    except Exception:                  # noqa: BLE001 - a label of an old move must not break a log or a post
        return t("history.move_unknown", locale)


def undone_words(kind: Any, presentation: Any, game: GameView, moves: list[MoveRecord], seqs: Any,
                 locale: str) -> dict[int, str]:
    """The moves of ``seqs`` (moves an undo took back) in words in ``locale`` (seq -> label), each on the table it
    was played on, rebuilt from the seed and the log up to the last of them (a seq not in the log is left out)."""
    wanted = set(seqs)
    records = [r for r in moves if r.seq <= max(wanted, default=0)]
    before = states_before(kind, game, records)
    return {r.seq: move_words(presentation, game, before, r, locale) for r in records
            if r.seq in wanted and r.undoes is None}


def game_at(kind: Any, game: GameView, moves: list[MoveRecord], version: int) -> GameView:
    """The game as it stood after ``version`` moves (rebuilt from the seed: snapshots are only the latest), its
    seats named after whoever held them then."""
    state = kind.create(len(game.seats), game.seed, game.options)
    for record in effective(moves):
        if record.seq > version:
            break
        state, _ = kind.apply(state, record.seat, record.move)
    status = game.status if version >= game.version else "active"
    # the seats as they were held at that step: a seat handed over later shows who played it then, one handed over
    # at that very version (the step says so, ``hand_over_events``) its newcomer, who makes its next move
    return held_at(replace(game, state=state, version=version, status=status), version + 1)


def handed_line(game: GameView, params: dict, key: str, locale: str) -> str:
    """"🪑 Dan handed the seat to Cleo" (or, a moderator's doing, "🪑 Ann handed Dan's seat to Cleo"), names as
    they were then; a line from before it named the newcomer takes the seat's name now."""
    newcomer = shown_name(str(params["to"])) if params.get("to") else player_name(game, params.get("seat"))
    former = shown_name(str(params.get("former", "?")))
    if key == HANDED_FOR:
        return t(key, locale, former=former, player=newcomer, by=shown_name(str(params.get("by", "?"))))
    return t(key, locale, former=former, player=newcomer)


def hand_over_events(game: GameView) -> dict[int, list[tuple[str, dict]]]:
    """The game's hand-overs as their log lines (``turn.HANDED_OVER``'s key and params), by the game's version at
    each (after the move of that number): ``/<game> log`` and the replay show them where they happened. Hand-overs
    from before their marks (``TableMeta.handed_at``) are left out: when they happened is not known."""
    table = TableMeta.of(game.meta)
    found: dict[int, list[tuple[str, dict]]] = {}
    for seat, marks in table.handed_at.items():
        if not 0 <= seat < len(game.seats):
            continue
        for n, (until, name, by) in enumerate(marks):
            if until < 0 or not name:
                continue
            newcomer = marks[n + 1][1] if n + 1 < len(marks) and marks[n + 1][1] else game.seats[seat].name
            params = {"seat": seat, "former": name, "to": newcomer, "seq": until, "n": n}
            found.setdefault(until, []).append((HANDED_FOR, {**params, "by": by}) if by else (HANDED_OVER, params))
    return found


def chart_words(count: int, locale: str, *, finished: bool = False,
                keys: tuple[str, str] = Presentation.chart_keys) -> ChartWords:
    """The chart's words: the steps are the start, each round's first moment (its number) and the last move;
    in a finished game that last step is the end, not one more round (a 12-round game's axis read "13")."""
    steps = tuple(t("history.chart.start", locale) if k == 0 else
                  t("history.chart.end", locale) if finished and k == count - 1 else str(k) for k in range(count))
    return ChartWords(title=t(keys[0], locale), x_axis=t(keys[1], locale), steps=steps, finished=finished)


def score_chart(kind: Any, game: GameView, moves: list[MoveRecord], locale: str,
                keys: tuple[str, str] = Presentation.chart_keys, badges: tuple[str | None, ...] = ()) -> Picture | None:
    """The picture of each player's projected score round by round (None for a game without moves, and for a
    co-operative game: every seat shares one result, so its lines would all be one, and the game's own final
    picture already shows how the team stands); ``badges``: the seats' badges (``Presentation.seat_badges``),
    which their lines wear."""
    if kind.cooperative:
        return None
    steps = frames(kind, game, moves)
    if len(steps) < 2:
        return None
    shown = shown_game(game, locale, kind)
    series = [[frame.scores[seat] if seat < len(frame.scores) else 0.0 for frame in steps]
              for seat in range(len(game.seats))]
    words = chart_words(len(steps), locale, finished=game.status != "active", keys=keys)
    names = [s.name for s in shown.seats]
    return Picture("chart.png", render_chart(series, names, words, badges), chart_alt(series, names, words, locale))


def chart_alt(series: list[list[float]], names: list[str], words: ChartWords, locale: str) -> str:
    """The chart in words, for its alt text: its title and span, then each player's score at every step in turn
    (the lines a reader compares by eye: who led when, who caught up); each name cleaned as text without Markdown
    cleans it (``plain_name``), the chart draws it as stored. The span is said in words of its own, not with the
    axis labels, which are capitalised as labels (a French tour read "de Début à Fin" mid-sentence)."""
    lines = [t("history.chart.alt_line", locale, player=plain_name(name),
               scores=t("history.chart.alt_sep", locale).join(score_text(value, locale) for value in values))
             for name, values in zip(names, series)]
    span = t("history.chart.alt", locale, title=words.title) if words.finished else \
        t("history.chart.alt_so_far", locale, title=words.title)
    return " ".join([span, *lines])


async def final_chart(sessions: Any, games: Any, game: GameView, locale: str) -> list[Picture]:
    """The chart beside a finished game's final scores ([] when there is nothing to draw). A chart that
    cannot be drawn is logged and left out: the final post itself must go out."""
    from .core import in_worker

    try:
        moves = await sessions.move_log(game.id)
        presentation = games[game.kind]
        chart = await in_worker(score_chart, games.kind(game.kind), game, moves, locale, presentation.chart_keys,
                                presentation.seat_badges(game))
    except Exception:  # noqa: BLE001 - the final post matters more than its chart
        log.exception("no score chart for game %s", game.id)
        return []
    return [chart] if chart is not None else []
