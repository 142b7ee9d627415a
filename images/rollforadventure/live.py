"""``render_live``: the live message's picture, what the active hero decides by, legible on a phone.

The live message is edited after every placement (each one rerolls the rest of the throw), so its picture is
uploaded about a hundred times a game; the whole table (``table.py``, 640 px wide too but about 2000 px tall,
~65 KB) stays on the **Table** button and ``/rfa table``. This picture is 640 px wide and every word in it is
drawn at 24 px or more (13.5 px at Discord's 360 px phone width); about 6 KB: text with hard edges
(``images.text.coverage``), the skulls and dice too, and only the colours used in the palette (anti-aliased,
it was 18 KB; four skulls alone cost a sixth of the bytes, as PNG's compression looks back only about 50
rows). It shows whose turn, the throw, per territory its damage, the values its free fields take now and how
many (the rules' ``capacity``) and its enemies, the special enemies and both vortexes.

Phase-aware: while heroes are chosen it lists the heroes on offer with their abilities instead of the board;
an Ice Cave claim shows what it brings (the legend); a full Forest B arch says what to sacrifice. What to do
(the decision) stands in the live message's text, so a step that changes nothing drawn here (a decision
that asks about the same board) gives the same bytes and an edit keeps its attachment.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure import territories as T
from bot.games.rollforadventure.board import ids_at
from bot.runtime import pool
from images import icons, png
from images import palette as P
from images.draw import at_hand, panel, paragraph, paragraph_height, stack, text_box
from images.labels import labelled
from images.memo import remembered
from images.text import Face, coverage, fit

from . import fields, pieces, words
from .table import dice_at, enemies_at, marks, vortexes

WIDTH = 640
MARGIN = 14
TOP = 8
PAD = 14
INNER = WIDTH - 2 * MARGIN
GAP = 8
TEXT = 24                 # the smallest type: 13.5 px at 360 px wide
NAME = 26                 # bold words that may be Hangul stay under 30 px (see table.BOLD_MAX)
NUMBER = 28               # digits only
THROW_DIE = 52
DIE_GAP = 8
NAME_ROOM = 200           # the banner's name beside the throw; the throw takes the rest
NAME_LINE = 36            # the banner's own line above the throw, for a name that does not fit beside it
BANNER_H = 56
FIELD = 38
ROW_H = 46                # a line of chips
LEFT_X = MARGIN + PAD + 6
NAME_W = 194              # "Grotte de glace" at 24 px bold (190 px)
DAMAGE_X = LEFT_X + NAME_W + 8
CHIPS_X = DAMAGE_X + 88
CHIPS_W = WIDTH - MARGIN - PAD - CHIPS_X
ENEMY_W = WIDTH - MARGIN - PAD - LEFT_X
VORTEX_H = 48
MASTER_H = 12 + 2 * 29
OFFER_H = 76
ENEMY_FILL = (58, 52, 62)
COVERAGE = 2              # text edges hard (images.text.coverage): half the bytes of anti-aliased text
ENEMY_EDGE = (126, 58, 65)
DARK = (20, 24, 30)


# --- the view: everything the picture shows, as plain values -------------------------------------------

@dataclass(frozen=True)
class Die:
    owner: str
    value: int | None


@dataclass(frozen=True)
class Enemy:
    card: str
    rank: int | None
    total: int
    marked: bool


@dataclass(frozen=True)
class Territory:
    tid: str
    skull: int
    last: int
    takes: tuple[tuple[str, int], ...]     # (the value(s) a free field takes, how many dice of it fit now)
    enemies: tuple[Enemy, ...]
    marked: bool
    sacrifice: int | None                  # Forest B's full arch: the value to give up
    legend: tuple[tuple[str, str], ...]    # an Ice Cave claim: (dice or line, reward key)


@dataclass(frozen=True)
class Offer:
    hero: str
    chosen_by: str | None                  # the player who chose it (None: on offer)
    colour: str


@dataclass(frozen=True)
class LiveView:
    player: str
    hero: str | None
    throw: tuple[Die, ...]
    territories: tuple[Territory, ...]
    specials: tuple[Enemy, ...]
    memory: int
    oblivion: int
    master_alone: bool
    offers: tuple[Offer, ...]              # while heroes are chosen (then no board is drawn)
    two_heroes: bool = False               # the player due moves two heroes (solo): the banner names the hero


def _takes(state: dict, t: str) -> tuple[tuple[str, int], ...]:
    """What the territory's free fields take right now: (value, how many dice of it), from the rules."""
    border = fields.sacrifice(state, t)
    if border is not None:
        return ((str(border), 1),)
    caps = [(v, n) for v in range(1, 7) if (n := T.capacity(state, t, v))]
    if t == "forest" and len(caps) == 2 and caps[0][1] == caps[1][1]:
        return (("5·6", caps[0][1]),)      # one field takes a 5 or a 6, as the board's own hint says
    return tuple((str(v), n) for v, n in caps)


def _legend(state: dict, t: str) -> tuple[tuple[str, str], ...]:
    """While an Ice Cave claim is decided: what it brings (A: by dice in the row; B: the complete lines)."""
    if t != "ice_cave" or (state["decision"] or {}).get("kind") != "ice_claim":
        return ()
    if state["terr"][t]["side"] == "A":
        return (("", "rollforadventure.img.ice_a_rewards"),)
    return tuple(("·".join(C.ICE_B_LINES[ln][0]), f"rollforadventure.img.reward.{C.ICE_B_LINES[ln][1]}")
                 for ln in T.ice_b_complete_lines(state))


def _enemy(state: dict, cid: str, marked: frozenset) -> Enemy:
    return Enemy(cid, C.CARDS[cid].get("rank"), state["enemy_total"].get(cid, 0), cid in marked)


def live_view(state: dict, names=None, locale: str = "en") -> LiveView:
    """The live picture's view of ``state`` (read only; what the rules compute comes from the rules)."""
    hero = state["heroes"][state["active"]]
    dec = state["decision"] or {}
    if dec.get("kind") == "pick_hero":
        hero = state["heroes"][dec["hero_index"]]
        chosen = {h["hero"]: h for h in state["heroes"] if h["hero"]}
        offers = tuple(Offer(x, words.name_of(names, chosen[x]["seat"], locale) if x in chosen else None,
                             chosen[x]["colour"] if x in chosen else "")
                       for x in (*chosen, *(x for x in state["hero_pool"] if x not in chosen)))
        return LiveView(words.name_of(names, hero["seat"], locale), None, (), (), (), 0, 0, False, offers)
    return LiveView(
        words.name_of(names, hero["seat"], locale), hero["hero"],
        tuple(Die(r["o"], r["v"]) for r in dice_at(state, "pool")), territory_views(state), special_views(state),
        state["memory_total"], len(ids_at(state, "oblivion")), state["deck"] == ["master_of_shadows"], (),
        sum(1 for h in state["heroes"] if h["seat"] == hero["seat"]) > 1)


def territory_views(state: dict) -> tuple[Territory, ...]:
    """Each territory as the live picture shows it (and the alt text of the whole table words it): its damage,
    what its free fields take now, its enemies and its notes."""
    cards, terrs, _ = marks(state)
    return tuple(
        Territory(t, state["terr"][t]["skull"], state["terr"][t]["last"], _takes(state, t),
                  tuple(_enemy(state, c, cards) for c in enemies_at(state, t)), t in terrs, fields.sacrifice(state, t),
                  _legend(state, t))
        for t in C.TERRITORIES)


def special_views(state: dict) -> tuple[Enemy, ...]:
    """The special enemies beside the adventure board."""
    cards = marks(state)[0]
    return tuple(_enemy(state, c, cards) for c in enemies_at(state, None))


# --- drawing ---------------------------------------------------------------------------------------------

def _line(d, x: float, mid: float, text: str, room: float, fill=P.TEXT, size: int = TEXT, bold: bool = False) -> int:
    """One line of text, shrunk to fit ``room`` but never below ``TEXT`` (then ellipsised); returns its width."""
    return text_box(d, x, mid, text, room, size, bold, fill, min_size=TEXT)


def _short_name(v: LiveView, locale: str) -> str:
    """What names the turn beside a throw: the player, or, when they move two heroes (solo), the hero, which
    is what tells the turns apart ("▶ Ben" was the same for both, and "Ben · Avenger" did not fit)."""
    return words.hero(v.hero, locale) if v.hero and v.two_heroes else v.player


def _name_beside(v: LiveView, locale: str) -> bool:
    """Whether the name stands beside the throw: only when it fits there whole (in ``NAME_ROOM``) and the
    throw does not wrap there into more rows than below a line of its own would take. Else the name takes a
    line of its own above the dice: a cut hero name ("Shieldmai…") could not tell a solo player's two turns
    apart, and seven dice wrapping beside "Healer" made the banner taller than a name line does."""
    text = _short_name(v, locale)
    if fit(text, NAME_ROOM - 12 - 32, NAME, True, TEXT)[1] != text:
        return False
    return _dice_height(v, INNER - 2 * PAD - NAME_ROOM) <= NAME_LINE + _dice_height(v, INNER - 2 * PAD)


def _per_row(room: int) -> int:
    """How many throw dice fit a row of ``room`` px."""
    return max(1, (room + DIE_GAP) // (THROW_DIE + DIE_GAP))


def _dice_height(v: LiveView, room: int) -> int:
    """The banner's height for the throw in rows of ``room`` px (at least ``BANNER_H``)."""
    rows = (len(v.throw) + _per_row(room) - 1) // _per_row(room)
    return max(BANNER_H, rows * (THROW_DIE + DIE_GAP) - DIE_GAP + 2 * 8)


def _name_line(img, d, v: LiveView, x: int, mid: float, room: int, locale: str, beside: bool = False) -> int:
    """▶ and the player due and their hero ("Player · Hero", a long name shortened before the hero is);
    returns the width used. Beside a throw (``beside``) the room is short: there only ``_short_name``."""
    icons.paste(img, icons.play(24), x, mid - 12)
    if v.hero and not beside:
        face, line = words.player_hero(v.player, v.hero, locale, room - 32, NAME, min_size=TEXT)
        return 32 + face.draw_mid(d, x + 32, mid, line, P.TURN)
    return 32 + _line(d, x + 32, mid, _short_name(v, locale), room - 32, P.TURN, NAME, True)


def _throw_geometry(v: LiveView, locale: str) -> tuple[int, int]:
    """(dice per row, rows) of the banner: beside the name the throw leaves it ``NAME_ROOM`` px; below a
    name on its own line the throw has the whole width."""
    per = _per_row(INNER - 2 * PAD - (NAME_ROOM if _name_beside(v, locale) else 0))
    return per, (len(v.throw) + per - 1) // per


def _banner_height(v: LiveView, locale: str) -> int:
    if not v.throw:
        return BANNER_H
    if _name_beside(v, locale):
        return _dice_height(v, INNER - 2 * PAD - NAME_ROOM)
    return NAME_LINE + _dice_height(v, INNER - 2 * PAD)


def _banner(img, d, v: LiveView, y: int, h: int, locale: str) -> None:
    """Whose turn, then the throw as large dice in the hero's colours (ally and bonus dice after): beside the
    name when it fits there whole, else below it."""
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + h], fill=P.PANEL_HI, radius=12, outline=P.TURN, width=3)
    if not v.throw:
        _name_line(img, d, v, MARGIN + PAD, y + h / 2, INNER - 2 * PAD, locale)
        return
    per, _ = _throw_geometry(v, locale)
    if _name_beside(v, locale):
        used = _name_line(img, d, v, MARGIN + PAD, y + 8 + THROW_DIE / 2, NAME_ROOM - 12, locale, beside=True)
        x0 = MARGIN + PAD + max(used + 12, 0)
        x0 = min(x0, WIDTH - MARGIN - PAD - min(per, len(v.throw)) * (THROW_DIE + DIE_GAP) + DIE_GAP)
    else:
        _name_line(img, d, v, MARGIN + PAD, y + 8 + NAME_LINE / 2, INNER - 2 * PAD, locale)
        x0, y = MARGIN + PAD, y + NAME_LINE
    for k, die in enumerate(v.throw):
        icons.paste(img, _die(die.owner, die.value, THROW_DIE), x0 + (k % per) * (THROW_DIE + DIE_GAP),
                    y + 8 + (k // per) * (THROW_DIE + DIE_GAP))


def _enemy_width(e: Enemy, locale: str) -> int:
    """An enemy chip: rank disc, dice total toward 6, name."""
    face = Face(TEXT, True)
    return (10 + (38 if e.rank is not None else 0) + face.width(f"{e.total}/6") + 12
            + face.width(words.card(e.card, locale)) + 12)


def _flow(widths: list[int], room: int, gap: int = 10) -> list[list[int]]:
    """Indices of items laid left to right in rows of ``room`` px."""
    rows: list[list[int]] = []
    x = room + 1
    for k, w in enumerate(widths):
        if x + min(w, room) > room:
            rows.append([])
            x = 0
        rows[-1].append(k)
        x += min(w, room) + gap
    return rows


def _enemy_rows(enemies: tuple[Enemy, ...], room: int, locale: str) -> list[list[int]]:
    return _flow([_enemy_width(e, locale) for e in enemies], room)


def _enemies(d, enemies: tuple[Enemy, ...], x: int, y: float, room: int, locale: str) -> float:
    """Enemy chips left to right in rows of ``room`` px from (x, y); returns the y below them."""
    for row in _enemy_rows(enemies, room, locale):
        cx = x
        for k in row:
            cx += _enemy_chip(d, enemies[k], cx, y + (ROW_H - FIELD) / 2, room, locale) + 10
        y += ROW_H
    return y


def _notes(tr: Territory, locale: str) -> list[str]:
    out = []
    if tr.sacrifice is not None:
        out.append(words.say("rollforadventure.img.sacrifice", locale, value=tr.sacrifice))
    for members, key in tr.legend:
        reward = words.say(key, locale)
        out.append(labelled(members, reward, locale) if members else reward)
    return out


def _territory_height(tr: Territory, locale: str) -> int:
    chips = len(_flow([_field_chip(None, 0, 0, a, n) for a, n in tr.takes], CHIPS_W)) or 1
    enemies = len(_enemy_rows(tr.enemies, ENEMY_W, locale))
    notes = sum(paragraph_height(n, ENEMY_W, 3, TEXT, False, TEXT) for n in _notes(tr, locale))
    return 6 + chips * ROW_H + enemies * ROW_H + (notes + 4 if notes else 0) + 6


def _territory(img, d, v: LiveView, y: int, h: int, locale: str, tr: Territory) -> None:
    """Name, damage (skull, taken / falls at), the free fields; below, the enemies lying there."""
    at_hand(d, [MARGIN, y, WIDTH - MARGIN, y + h], tr.marked, fill=P.PANEL)
    d.rounded_rectangle([MARGIN, y, MARGIN + 8, y + h], radius=4, fill=pieces.TERRITORY_TINT[tr.tid])
    mid = y + 6 + ROW_H / 2
    _line(d, LEFT_X, mid, words.territory(tr.tid, locale), NAME_W, P.TEXT, NAME, True)
    icons.paste(img, _skull(26), DAMAGE_X, mid - 13)
    danger = tr.last - tr.skull <= 2
    _line(d, DAMAGE_X + 32, mid, f"{tr.skull}/{tr.last}", CHIPS_X - 6 - DAMAGE_X - 32, P.BAD if danger else P.TEXT,
          NUMBER, True)
    cy = y + 6
    if not tr.takes:
        _line(d, CHIPS_X, mid, words.say("rollforadventure.img.no_room", locale), CHIPS_W, P.FAINT)
        cy += ROW_H
    for row in _flow([_field_chip(None, 0, 0, a, n) for a, n in tr.takes], CHIPS_W):
        cx = CHIPS_X
        for k in row:
            cx += _field_chip(d, cx, cy + (ROW_H - FIELD) / 2, *tr.takes[k]) + 10
        cy += ROW_H
    cy = _enemies(d, tr.enemies, LEFT_X, cy, ENEMY_W, locale)
    for note in _notes(tr, locale):
        cy += paragraph(d, LEFT_X, cy, note, ENEMY_W, 3, TEXT, P.ACCENT, min_size=TEXT)


def _flat(sprite: Image.Image, colours: tuple[tuple[int, int, int], ...]) -> Image.Image:
    """``sprite`` with hard edges: each pixel in the nearest of ``colours``, fully opaque or transparent.
    Anti-aliased sprites more than a band apart cost much (PNG's compression looks back 32 KB, about 50
    rows): four skulls took a sixth of the picture's bytes."""
    palette = Image.new("P", (1, 1))
    palette.putpalette([c for rgb in colours for c in rgb])
    flat = sprite.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE).convert("RGBA")
    flat.putalpha(sprite.getchannel("A").point([255 if c >= 128 else 0 for c in range(256)]))
    return flat


@lru_cache(maxsize=4)
def _skull(size: int) -> Image.Image:
    return _flat(pieces.skull(size), (pieces.SKULL, pieces.HOLE))


@lru_cache(maxsize=64)
def _die(owner: str, value: int | None, size: int) -> Image.Image:
    colour = pieces.die_colour(owner)
    return _flat(pieces.die(owner, value, size), (P.DIE_FILL[colour], P.DIE_EDGE[colour], P.DIE_INK[colour],
                                                  icons.mark_tint(colour)))     # the colour shape's own tint


def _field_chip(d, x, y, label: str, count: int) -> int:
    """A free field (dark square with the value it takes) and, when several fit, "×n"; returns its width
    (with ``d`` None it is only measured)."""
    face = Face(TEXT, True)
    w = max(FIELD, face.width(label) + 12)
    if d is not None:
        d.rounded_rectangle([x, y, x + w, y + FIELD], radius=7, fill=pieces.FIELD, outline=pieces.FIELD_EDGE, width=2)
        face.draw_mid(d, x + w / 2, y + FIELD / 2, label, P.TEXT, "center")
        if count > 1:
            face.draw_mid(d, x + w + 4, y + FIELD / 2, f"×{count}", P.MUTED)
    return w + (4 + face.width(f"×{count}") if count > 1 else 0)


def _enemy_chip(d, e: Enemy, x, y, room: int, locale: str) -> int:
    w = min(room, _enemy_width(e, locale))
    panel(d, [x, y, x + w, y + FIELD], fill=ENEMY_FILL, radius=8, outline=P.TURN if e.marked else ENEMY_EDGE,
          width=3 if e.marked else 2)
    mid = y + FIELD / 2
    face = Face(TEXT, True)
    cx = x + 6
    if e.rank is not None:
        d.ellipse([cx, mid - 15, cx + 30, mid + 15], fill=P.BAD)
        face.draw_mid(d, cx + 15, mid, str(e.rank), DARK, "center")
        cx += 38
    cx += face.draw_mid(d, cx, mid, f"{e.total}/6", P.ACCENT if e.total else P.MUTED) + 12
    face, name = words.card_fit(e.card, locale, x + w - 8 - cx, TEXT, min_size=TEXT)
    face.draw_mid(d, cx, mid, name, P.TEXT)
    return w


def _specials_height(v: LiveView, locale: str) -> int:
    return 40 + len(_enemy_rows(v.specials, INNER - 2 * PAD, locale)) * ROW_H + 4


def _specials(img, d, v: LiveView, y: int, h: int, locale: str) -> None:
    """Phantoms, Giants and Necromancers lie beside the adventure board."""
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + h], fill=P.PANEL, radius=12)
    _line(d, MARGIN + PAD, y + 22, words.say("rollforadventure.img.beside", locale), INNER - 2 * PAD, P.MUTED)
    _enemies(d, v.specials, MARGIN + PAD, y + 40, INNER - 2 * PAD, locale)


def _vortex_items(v: LiveView, locale: str) -> list[tuple[str, str, tuple]]:
    shown = vortexes(v.memory, v.oblivion, locale)
    return [shown["memory"], shown["oblivion"]]


def _vortex_cells(v: LiveView, locale: str) -> int:
    """Side by side (2) when both names fit half the width, else one a row (1)."""
    half = (INNER - GAP) // 2
    fits = all(Face(TEXT).width(name) + Face(NUMBER, True).width(count) + 2 * PAD + 12 <= half
               for name, count, _ in _vortex_items(v, locale))
    return 2 if fits else 1


def _vortexes_height(v: LiveView, locale: str) -> int:
    h = (VORTEX_H + GAP) * (1 if _vortex_cells(v, locale) == 2 else 2)
    return h + (MASTER_H + GAP if v.master_alone else 0) - GAP


def _vortexes(img, d, v: LiveView, y: int, h: int, locale: str) -> None:
    """The Vortex of Memory (a place for any die, total toward 10) and of Oblivion (dice lost); the warning
    when only the Master of Shadows is left in the deck."""
    per_row = _vortex_cells(v, locale)
    w = (INNER - GAP) // 2 if per_row == 2 else INNER
    for k, (name, count, fill) in enumerate(_vortex_items(v, locale)):
        x = MARGIN + (k % per_row) * (w + GAP)
        top = y + (k // per_row) * (VORTEX_H + GAP)
        panel(d, [x, top, x + w, top + VORTEX_H], fill=P.PANEL, radius=12)
        cw = Face(NUMBER, True).draw_mid(d, x + w - PAD, top + VORTEX_H / 2, count, fill, "right")
        _line(d, x + PAD, top + VORTEX_H / 2, name, w - 2 * PAD - cw - 12)
    y += (VORTEX_H + GAP) * (1 if per_row == 2 else 2)
    if v.master_alone:
        panel(d, [MARGIN, y, WIDTH - MARGIN, y + MASTER_H], fill=P.PANEL, radius=12, outline=P.BAD, width=2)
        paragraph(d, MARGIN + PAD, y + 6, words.say("rollforadventure.img.master_alone", locale), INNER - 2 * PAD, 2,
                  TEXT, P.BAD, False, TEXT)


def _offers(img, d, v: LiveView, y: int, h: int, locale: str) -> None:
    """Setup: the heroes chosen (by whom) and those on offer, each with its ability."""
    for o in v.offers:
        panel(d, [MARGIN, y, WIDTH - MARGIN, y + OFFER_H], fill=P.PANEL, radius=12)
        x = MARGIN + PAD
        if o.chosen_by:
            icons.paste(img, icons.shape_badge(pieces.die_colour(o.colour), 26), x, y + 22 - 13)
            x += 34
        right = WIDTH - MARGIN - PAD
        x += _line(d, x, y + 22, words.hero(o.hero, locale), right - x, P.MUTED if o.chosen_by else P.TEXT, NAME, True)
        if o.chosen_by:
            _line(d, x + 14, y + 22, o.chosen_by, right - (x + 14), P.MUTED)
        ability = words.ability(o.hero, locale)
        _line(d, MARGIN + PAD, y + 54, ability, INNER - 2 * PAD, P.FAINT if o.chosen_by else P.MUTED)
        y += OFFER_H + GAP


def draw(v: LiveView, locale: str = "en") -> Image.Image:
    # the bands top to bottom: (height, draw, what else it draws), drawn by ``images.draw.stack``
    bands: list[tuple] = [(_banner_height(v, locale), _banner)]
    if v.offers:
        bands.append((len(v.offers) * (OFFER_H + GAP) - GAP, _offers))
    else:
        bands += [(_territory_height(tr, locale), _territory, tr) for tr in v.territories]
        bands += [(_specials_height(v, locale), _specials)] if v.specials else []
        bands.append((_vortexes_height(v, locale), _vortexes))
    return stack(WIDTH, v, locale, bands, TOP, TOP, GAP)[0]


@remembered(1024)   # one per open game: an edit that changes nothing drawn here keeps its attachment
@pool.apart
def live_png(view: LiveView, locale: str = "en") -> bytes:
    """Text with hard edges and a palette of the colours used: a third of the bytes."""
    with coverage(COVERAGE):
        img = draw(view, locale)
    return png.encode(img, small=True)


def render_live(state: dict, names=None, locale: str = "en") -> bytes:
    """The live message's picture for the game as it stands (PNG bytes, 640 px wide)."""
    return live_png(live_view(state, names, locale), locale)
