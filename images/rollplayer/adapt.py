"""Game state → view models: the only module of `images` that knows the rules engine's state.

It reads `bot.games.rollplayer` (state fields documented in its `state.py`, the itemised score from
`scoring.py` through `kind.py`) and never changes it. Projections and final scores come from the rules'
own scoring, so the pictures can never disagree with the game about a goal, a set or a total.

Player names are not part of the game state (they are Discord users); callers pass them as `names`
(a sequence indexed by seat or a dict seat → name). Missing names become "Player 1", "Player 2", ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.rollplayer import content
from bot.games.rollplayer import kind as rp_kind
from bot.games.rollplayer.content import rounds_total  # noqa: F401  (rounds in this game, as the rules say)
from bot.games.rollplayer.scoring import SECTIONS, TIEBREAKS, score_player

from ..labels import given_name, label
from .views import (
    ALIGN_COLUMNS,
    ALIGN_ROWS,
    ATTRS,
    ArmorSet,
    BackstoryCell,
    Decision,
    Die,
    Goal,
    InitiativeCard,
    LiveSeat,
    LiveView,
    OwnedCard,
    PlayerTag,
    Row,
    ScoreColumn,
    ScoreItem,
    ScoresView,
    SheetView,
    StepView,
    TableView,
)

Names = Sequence[str] | Mapping[int, str] | None


def player_name(names: Names, seat: int, locale: str = "en") -> str:
    """A seat's name as the caller passed it, else "Player N"."""
    return given_name(names, seat) or label("img.player", locale, n=seat + 1)


def _die(d) -> Die | None:
    return None if d is None else Die(int(d[1]), str(d[0]))


def _sheet_score(state, seat: int) -> dict | None:
    """The rules' itemised projection for one seat, or None before setup dealt everything it needs."""
    p = state.players[seat]
    if not (p.race and p.class_id and p.backstory and p.alignment):
        return None
    return score_player(rp_kind.scoring_input(state, seat))


def _items(sheet: dict, solo: bool) -> tuple[ScoreItem, ...]:
    """The sheet's score items: solo Gold only in solo, weapons only when one of them scores."""
    weapons = sheet["subtotals"]["weapons"] or any(e["stars"] for e in sheet["weapons"])
    return tuple(ScoreItem(name, int(sheet["subtotals"][name])) for name in SECTIONS
                 if (solo or name != "solo_gold") and (weapons or name != "weapons"))


def _acting(state) -> set[int]:
    return {d["seat"] for d in rp_kind.KIND.pending(state) if d.get("seat") is not None}


def sheet_view(state, seat: int, names: Names = None, locale: str = "en") -> SheetView:
    """One seat's sheet; every number it scores (goals met, sets, traits, matches, class dice, the projection)
    is the rules' itemised score. Before the rules can score (setup, no backstory dealt yet) no die lies on
    the sheet and no card is owned, so nothing is left to count."""
    p = state.players[seat]
    sheet = _sheet_score(state, seat)
    cls = content.classes().get(p.class_id) if p.class_id else None
    mods = content.races()[p.race]["modifiers"] if p.race else {a: 0 for a in ATTRS}
    rows = []
    for a, entry in zip(ATTRS, sheet["goals"] if sheet else [None] * len(ATTRS)):
        dice = tuple(([_die(d) for d in p.rows[a]] + [None, None, None])[:3])
        goal = Goal(cls["goals"][a]["min"], cls["goals"][a]["max"], cls["goals"][a]["stars"]) if cls else None
        rows.append(Row(a, dice, int(mods[a]), int(entry["weapon_max"]) if entry else 0, goal,
                        bool(entry and entry["met"]), int(entry["weapon_bonus"]) if entry else 0,
                        tuple(entry["weapon_cards"]) if entry and entry["weapon_bonus"] else ()))
    cells = ()
    if p.backstory:
        cells = tuple(BackstoryCell(a, c["position"], c["colour"])
                      for a, c in content.backstories()[p.backstory]["cells"].items())
    grid = None
    if p.alignment:
        g = content.alignments()[p.alignment]["grid"]
        grid = tuple(tuple(g[r][c] for c in ALIGN_COLUMNS) for r in ALIGN_ROWS)
    cards = content.cards()
    armor = tuple(ArmorSet(e["set"], content.armor_sets()[e["set"]]["pieces"], tuple(e["cards"]), int(e["stars"]),
                           int(e["tower_shield"])) for e in sheet["armor"]) if sheet else ()
    trait_stars = {e["card"]: int(e["stars"]) for e in sheet["traits"]} if sheet else {}
    # a card the scoring drops (the Cursed Ring when it costs more than it brings) is shown as dropped: its
    # "you lose 2 stars" text next to a total without the -2 read as a scoring mistake. The card itself is
    # struck through once the game is over; while it runs the player still holds it, and only the breakdown of
    # the score so far says it would be discarded
    discarded = tuple(sheet["discarded"]) if sheet else ()
    dropped = discarded if state.finished else ()
    return SheetView(
        seat=seat, player_name=player_name(names, seat, locale), race_id=p.race, class_id=p.class_id,
        backstory_id=p.backstory, alignment_id=p.alignment, rows=tuple(rows), backstory=cells,
        backstory_matches=int(sheet["backstory"]["count"]) if sheet else 0, alignment_grid=grid,
        token=(ALIGN_ROWS.index(p.align_row), ALIGN_COLUMNS.index(p.align_col)), gold=p.gold, charisma=p.charisma,
        class_dice=int(sheet["class_dice"]["count"]) if sheet else 0,
        weapons=tuple(OwnedCard(c, discarded=c in dropped) for c in p.cards if cards[c]["type"] == "weapon"),
        hands_used=content.hands_used(p), hands_limit=content.hand_limit(p), armor=armor,
        skills=tuple(OwnedCard(c, c in p.exhausted) for c in p.cards if cards[c]["type"] == "skill"),
        traits=tuple(OwnedCard(c, stars=trait_stars.get(c)) for c in p.cards if cards[c]["type"] == "trait"),
        projected=_items(sheet, state.seats == 1) if sheet else (), projected_total=int(sheet["total"]) if sheet else 0,
        is_turn=seat in _acting(state), to_place=tuple(_die(d) for d in p.start_dice), final=bool(state.finished),
        discarded=discarded)


def _params(d: dict) -> tuple[tuple[str, object], ...]:
    return tuple(sorted((k, v) for k, v in d.items()
                        if k not in ("seat", "decision") and isinstance(v, (str, int, float, bool))))


def _round_fields(state) -> dict:
    """Where the game stands, as the table and the live picture both show it: round, phase, the start
    player and the market row."""
    return {"round": state.round, "rounds_total": rounds_total(state), "phase": state.phase,
            "start_seat": state.start_player, "market": tuple(state.market)}


def _initiative(state) -> tuple[InitiativeCard, ...]:
    return tuple(InitiativeCard(c.number, _die(c.die), int(c.coin), c.taken_by) for c in state.initiative)


def table_view(state, names: Names = None, locale: str = "en", abandoned: bool = False) -> TableView:
    score = rp_kind.KIND.score(state)
    totals = {s["seat"]: int(s["total"]) for s in score["players"]} if score.get("ready") else {}
    players = tuple(PlayerTag(p.seat, player_name(names, p.seat, locale), p.class_id, p.race, p.gold, p.charisma,
                              len(p.cards), totals.get(p.seat, 0)) for p in state.players)
    pending = tuple(Decision(d["seat"], d["decision"], _params(d))
                    for d in rp_kind.KIND.pending(state) if d.get("seat") is not None and not abandoned)
    return TableView(**_round_fields(state), players=players, initiative=_initiative(state), deck_count=len(state.deck),
                     discard_count=len(state.discard), pending=pending, solo=state.seats == 1,
                     enemy_die=_die(state.enemy_die), trash=tuple(state.trash),
                     discard_top=state.discard[-1] if state.discard else None, abandoned=abandoned)


def scores_view(state, names: Names = None, locale: str = "en") -> ScoresView:
    score = rp_kind.KIND.score(state)
    solo = state.seats == 1
    if not score.get("ready"):
        cols = tuple(ScoreColumn(p.seat, player_name(names, p.seat, locale), p.class_id, (), 0, 1)
                     for p in state.players)
        return ScoresView(columns=cols, winners=(), solo=solo, final=False)
    ranking = {r["index"]: r for r in score["ranking"]}
    sheets = score["players"]
    keys = [k for k in SECTIONS if not (k == "solo_gold" and not solo)]
    if not any(s["subtotals"]["weapons"] for s in sheets):
        keys.remove("weapons")
    winners = tuple(sorted(i for i, r in ranking.items() if r["place"] == 1))
    # how the first place was settled: the deepest criterion the rules needed among those on the winning total
    # ("total": nobody shares it); the columns then show gold, and class dice if it went that deep
    top = ranking[winners[0]]["total"]
    depth = 0 if solo else max(TIEBREAKS.index(r["tiebreak"]) for r in ranking.values() if r["total"] == top)
    tiebreak_key = TIEBREAKS[depth] if depth else None
    columns = []
    for i, s in enumerate(sheets):
        items = tuple(ScoreItem(k, int(s["subtotals"][k])) for k in keys)
        r = ranking[i]
        tb = tuple((k, int(r[k])) for k in ("gold", "class_dice")[:depth])
        columns.append(ScoreColumn(i, player_name(names, i, locale), state.players[i].class_id, items, int(s["total"]),
                                   int(r["place"]), tb, tuple(s.get("discarded", ()))))
    rating = score.get("rating")
    return ScoresView(columns=tuple(columns), winners=winners, tiebreak_key=tiebreak_key, solo=solo,
                      solo_rating=rating.rsplit(".", 1)[-1] if rating else None, item_keys=tuple(keys),
                      final=bool(score.get("final")))


def live_view(state, names=None, locale: str = "en") -> LiveView:
    """The state's public situation. Stars are scored only in the market phase (the scoring is the costly
    part, and in the dice phase stars move with every die placed on a private sheet)."""
    acting = _acting(state)
    stars: dict[int, int] = {}
    if state.phase in ("market_start", "market"):
        score = rp_kind.KIND.score(state)
        if score.get("ready"):
            stars = {s["seat"]: int(s["total"]) for s in score["players"]}
    seats = tuple(LiveSeat(p.seat, player_name(names, p.seat, locale), p.race, p.class_id, p.gold, p.charisma,
                           stars.get(p.seat), p.seat in acting) for p in state.players)
    return LiveView(**_round_fields(state), seats=seats, initiative=_initiative(state),
                    solo=state.seats == 1, enemy_die=_die(state.enemy_die))


def step_view(state, seat: int, names=None, locale: str = "en") -> StepView:
    """A seat's private step: the sheet's grid and name line plus what the decision at hand involves."""
    sheet = sheet_view(state, seat, names, locale)
    phase, step = state.phase, state.step
    drafted = tuple(_die(c.die) for c in state.initiative if c.taken_by == seat and c.die is not None)[:1]
    if sheet.to_place:
        in_hand, in_hand_key = sheet.to_place, "img.sheet.to_place"
    elif phase == "dice" and drafted:
        in_hand, in_hand_key = drafted, "img.decision.place_die"
    else:
        in_hand, in_hand_key = (), ""
    # the row whose action is decided, through the end of the turn: taking an action that changes nothing
    # shown here (Charisma) then leaves the picture as it was
    acting = phase == "dice" and step in ("action", "after_action") and state.turn == seat
    action_row = state.action_row if acting else None
    market = phase in ("market_start", "market")
    return StepView(sheet=sheet, in_hand=in_hand, in_hand_key=in_hand_key, action_row=action_row, wealth=market,
                    alignment=sheet.alignment_grid is not None and (market or action_row == "wis"))
