"""Move menus: any-time moves kept behind "My moves" / "More…", and narrowing options that read as moves."""
from __future__ import annotations

import random
import re
from types import SimpleNamespace

import pytest
from clicks import live_message
from menu_kit import after_setup, at_market_turn, deal, engine, games_start_as
from test_cogs_phase import COMMANDS, options_for, start_two_player

from bot.games.rollplayer.kind import KIND
from bot.i18n import t
from cogs.buttons import MoveButton, ViewButton
from cogs.menus import (
    ALL,
    EXTRA,
    MAIN,
    PLACEHOLDER_LABEL,
    SelectPlan,
    fit_option_text,
    move_view,
    plan_menu,
    shown_moves,
)
from cogs.rollplayer import PRESENTATION
from cogs.rollplayer.describe import group_label, names
from cogs.seats import listed_players

is_anytime = PRESENTATION.is_anytime

GAME = SimpleNamespace(id=5, version=2, seats=[], state=None)
PLACES = [{"type": "place", "seat": 0, "attr": a} for a in ("str", "dex")]
DISCARD = {"type": "discard_weapon", "seat": 0, "card": "longsword"}


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261122)


def test_which_moves_are_any_time():
    assert is_anytime(DISCARD)
    assert is_anytime({"type": "skill", "card": "acrobatics", "a": ["str", 0], "b": ["str", 1]})
    assert is_anytime({"type": "skill", "card": "diplomacy", "copy": "cure_wounds", "die": ["str", 0],
                       "delta": 1})
    # declining an any-time skill's effect goes with its uses (not alone on the public message)
    assert is_anytime({"type": "skill", "card": "acrobatics", "decline": True})
    assert not is_anytime({"type": "skill", "card": "climb", "decline": True})
    assert not is_anytime({"type": "skill", "card": "climb", "target": 1, "delta": 1})
    assert not any(is_anytime(m) for m in PLACES)


def test_main_menu_leaves_out_any_time_moves_unless_they_are_all_there_is():
    legal = PLACES + [DISCARD]
    assert [m for _, m in shown_moves(PRESENTATION, legal, MAIN)] == PLACES
    assert [m for _, m in shown_moves(PRESENTATION, legal, ALL)] == legal
    assert [m for _, m in shown_moves(PRESENTATION, legal, EXTRA)] == [DISCARD]
    assert [m for _, m in shown_moves(PRESENTATION, [DISCARD], MAIN)] == [DISCARD]


async def test_private_menu_offers_more_button_for_hidden_moves():
    view = move_view(PRESENTATION, GAME, 0, PLACES + [DISCARD], "en", look_buttons=False)
    moves = [item for item in view.children if isinstance(item, MoveButton)]
    assert [b.item.label for b in moves] == [t("move.place", "en", attr=t("attr.str", "en")),
                                             t("move.place", "en", attr=t("attr.dex", "en"))]
    [more] = [item for item in view.children if isinstance(item, ViewButton)]
    assert more.item.custom_id == "rp:v:5:more" and more.item.label == t("button.more", "en")
    only = move_view(PRESENTATION, GAME, 0, [DISCARD], "en", look_buttons=False)
    assert [b.item.label for b in only.children] == [t("move.discard_weapon", "en", card="Longsword")]
    public = move_view(PRESENTATION, GAME, 0, PLACES + [DISCARD], "en")
    labels = [item.item.label for item in public.children]
    assert t("move.discard_weapon", "en", card="Longsword") not in labels
    assert t("button.my_moves", "en") in labels


def test_group_labels_read_like_moves():
    dice = [{"type": "place_start", "seat": 0, "die": ["blue", 6], "attr": a} for a in ("str", "dex", "con")]
    assert group_label("die", dice, GAME, 0, "en") == t("move.place_start", "en", die="blue 6", attr="…")
    buys = [{"type": "buy", "seat": 0, "card": "longsword", "tokens": k} for k in (0, 1)]
    assert group_label("card", buys, GAME, 0, "en") == "Buy Longsword …"
    assert group_label("type", buys, GAME, 0, "en") == t("movetype.buy", "en") + " …"


def give_everyone_a_weapon_to_discard(monkeypatch, kind) -> None:
    """Every seat with a decision may also discard a weapon (an any-time move, behind "More…")."""
    real = kind.legal_moves

    def with_weapon(state, seat):
        legal = real(state, seat)
        return legal + [dict(DISCARD, seat=seat)] if legal else legal
    monkeypatch.setattr(kind, "legal_moves", with_weapon)


async def to_first_placement(harness, kind, users, place, game):
    """Typed commands up to the first starting die placed (it continues privately, with "More…"): (the result of
    that placement, its player, the game)."""
    while True:
        game = await harness.bot.sessions.load(game.id)
        seat = kind.pending(game.state)[0]["seat"]
        user = next(u for u in users if u.id == game.seats[seat].user_id)
        legal = kind.legal_moves(game.state, seat)
        path, spec = COMMANDS[legal[0]["type"]]
        result = await harness.run(path, user=user, place=place, **options_for(legal[0], spec))
        if legal[0]["type"] == "place_start":
            return result, user, game


async def test_more_button_shows_only_the_any_time_moves(harness, alice, bob, fixed_seed, monkeypatch):
    kind = harness.bot.sessions.kinds["rollplayer"]
    give_everyone_a_weapon_to_discard(monkeypatch, kind)
    place = harness.channel()
    users = [alice, bob]
    game, started = await start_two_player(harness, alice, bob, place)
    discard = t("move.discard_weapon", "en", card="Longsword")
    [prompt] = started.public()
    offered = [b.get("label") for b in prompt.buttons()] + [
        o["label"] for s in prompt.selects() for o in s["options"]]
    assert discard not in offered
    seat = kind.pending(game.state)[0]["seat"]
    user = next(u for u in users if u.id == game.seats[seat].user_id)
    mine = (await harness.click(prompt, user=user, place=place, label="My moves")).only()
    assert discard in [b.get("label") for b in mine.buttons()] + [
        o["label"] for s in mine.selects() for o in s["options"]]
    result, user, game = await to_first_placement(harness, kind, users, place, game)     # continues privately
    menu = next(m for m in result.private() if m.components)
    more = menu.button(label=t("button.more", "en"))
    assert more["custom_id"] == f"rp:v:{game.id}:more"
    await harness.click(menu, user=user, place=place, label=t("button.more", "en"))     # redrawn in place
    assert menu.ephemeral and [b["label"] for b in menu.buttons()] == [discard, t("button.back", "en"),
                                                                 t("button.full_sheet", "en")]


async def test_more_keeps_the_way_back_to_the_decision(harness, alice, bob, fixed_seed, monkeypatch):
    """A tour pressed "More…" on the private step message beside a pending decision: the decision's moves, Hint
    and Undo vanished, under a header that still named the decision. The same message now shows the any-time
    moves under a header saying so, and "Back" shows the decision's menu again."""
    kind = harness.bot.sessions.kinds["rollplayer"]
    give_everyone_a_weapon_to_discard(monkeypatch, kind)
    place = harness.channel()
    users = [alice, bob]
    game, _ = await start_two_player(harness, alice, bob, place)
    result, user, game = await to_first_placement(harness, kind, users, place, game)     # continues privately
    step = next(m for m in result.private() if m.components)

    def offered(message):
        return [b.get("label") for b in message.buttons()] + [o["label"] for s in message.selects()
                                                               for o in s["options"]]
    before = offered(step)
    assert t("button.more", "en") in before
    discard = t("move.discard_weapon", "en", card="Longsword")
    await harness.click(step, user=user, place=place, label=t("button.more", "en"))
    game = await harness.bot.sessions.load(game.id)
    decision = harness.bot.get_cog("Play").decision_text(game, game.seat_of(user.id), "en")
    assert step.ephemeral and not step.deleted and step.content == t("play.extra_moves", "en", decision=decision)
    assert offered(step) == [discard, t("button.back", "en"), t("button.full_sheet", "en")]
    assert step.files, "the step picture stays"
    await harness.click(step, user=user, place=place, label=t("button.back", "en"))
    assert step.content == t("play.your_moves", "en", decision=decision)
    assert offered(step) == before


def waiting_with_acrobatics():
    """A Market turn; the player who is not due holds Acrobatics (usable at any time) and a Longsword."""
    st = at_market_turn(after_setup(2, seed=3))
    waiting = 1 - engine.pending(st)[0]["seat"]
    deal(st, waiting, ["acrobatics", "longsword"])
    return st


@pytest.mark.parametrize("locale", ["en", "ko"])
async def test_out_of_turn_a_hint_says_which_any_time_skill_may_be_used(harness, alice, bob, monkeypatch, locale):
    """A tour typed /rp hint while the other player was due and read only "It is not your turn", though their
    Acrobatics could be used then. The answer still says whose turn it is, and names the Skill they may use now;
    a typed move out of turn says the same, and their own menu (the Skill's uses) has no Hint that could only
    refuse."""
    games_start_as(monkeypatch, waiting_with_acrobatics)
    place = harness.channel()
    game, started = await start_two_player(harness, alice, bob, place)
    due = engine.pending(game.state)[0]["seat"]
    waiting = next(u for u in (alice, bob) if u.id != game.seats[due].user_id)
    harness.locale = locale
    players = listed_players(game, [due], locale)
    said = t("error.not_your_turn_but", locale, players=players, moves=names.card_name("acrobatics", locale))
    hinted = (await harness.run("hint", user=waiting, place=place)).only()
    assert hinted.ephemeral and hinted.content == said
    typed = (await harness.run("market gold", user=waiting, place=place)).only()
    assert typed.ephemeral and typed.content == said
    [live] = started.public()
    mine = (await harness.click(live, user=waiting, place=place, label=t("button.my_moves", "en"))).only()
    assert mine.selects() and t("button.hint", locale) not in [b.get("label") for b in mine.buttons()]
    assert (await harness.bot.sessions.load(game.id)).version == game.version, "nothing was played"


async def test_out_of_turn_with_only_a_weapon_to_discard_the_answer_is_whose_turn_it_is(harness, alice, bob,
                                                                                      monkeypatch):
    """A Weapon's discard, allowed at any time, is not worth a word: the hint is refused as before."""
    def without_skill():
        st = waiting_with_acrobatics()
        for p in st.players:
            if "acrobatics" in p.cards:
                p.cards.remove("acrobatics")
                st.deck.append("acrobatics")
        return st
    games_start_as(monkeypatch, without_skill)
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    due = engine.pending(game.state)[0]["seat"]
    waiting = next(u for u in (alice, bob) if u.id != game.seats[due].user_id)
    hinted = (await harness.run("hint", user=waiting, place=place)).only()
    assert hinted.content == t("error.not_your_turn", "en", players=game.seats[due].name)


def give_everyone_many_swaps(monkeypatch, kind) -> None:
    """Every seat with a decision may also use Acrobatics on any two of 18 spaces: 153 any-time moves, more than
    one menu shows, so the "More…" list narrows (first the die, then the other)."""
    real = kind.legal_moves
    spaces = [[attr, i] for attr in ("str", "dex", "con", "int", "wis", "cha") for i in range(3)]
    swaps = [{"type": "skill", "card": "acrobatics", "a": a, "b": b}
             for n, a in enumerate(spaces) for b in spaces[n + 1:]]

    def with_swaps(state, seat):
        legal = real(state, seat)
        return legal + [dict(m, seat=seat) for m in swaps] if legal else legal
    monkeypatch.setattr(kind, "legal_moves", with_swaps)


async def test_a_narrowed_more_list_says_it_holds_the_any_time_moves(harness, alice, bob, fixed_seed, monkeypatch):
    """A tour narrowed the "More…" list (Acrobatics' first die) and read "Choose — place starting dice:" above
    Acrobatics swaps, with Back: the decision's header on a list of any-time moves. The narrowed list keeps the
    "More…" list's header, which says what it holds and where Back leads."""
    kind = harness.bot.sessions.kinds["rollplayer"]
    give_everyone_many_swaps(monkeypatch, kind)
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    result, user, game = await to_first_placement(harness, kind, [alice, bob], place, game)
    step = next(m for m in result.private() if m.components)
    await harness.click(step, user=user, place=place, label=t("button.more", "en"))
    game = await harness.bot.sessions.load(game.id)
    decision = harness.bot.get_cog("Play").decision_text(game, game.seat_of(user.id), "en")
    heading = t("play.extra_moves", "en", decision=decision)
    assert step.content == heading
    select = step.selects()[0]
    narrowing = next(o for o in select["options"] if o["value"].count(":") == 2)
    await harness.select(step, [narrowing["value"]], user=user, place=place, custom_id=select["custom_id"])
    assert step.ephemeral and step.content == heading, step.content
    offered = [o["label"] for s in step.selects() for o in s["options"]]
    assert offered and all(label.startswith("Use Acrobatics") for label in offered), offered
    assert t("button.back", "en") in [b.get("label") for b in step.buttons()]


def range_of(select: dict | SelectPlan) -> str:
    """A select's placeholder by its first and last option that plays one move (``cogs.menus.range_placeholder``:
    Quick place is no guide word)."""
    options = [(o["label"], o["value"]) for o in select["options"]] if isinstance(select, dict) else \
        [(label, value) for label, value, _ in select.options]
    labels = [label for label, value in options if "+" not in value] or [label for label, _ in options]
    first, last = (fit_option_text(label, PLACEHOLDER_LABEL) for label in (labels[0], labels[-1]))
    return first if len(options) == 1 or first == last else \
        t("menu.placeholder_range", "en", first=first, last=last)


def named_one_way(placeholders: list[str], ranges: list[str]) -> bool:
    """Each select of one menu is named by what its own moves share or by its first and last option, each name its
    own: never a bare number ("Choose your move (2/3)"), never two alike."""
    numbered = any(re.search(r"\(\d+/\d+\)$", p) for p in placeholders)
    borrowed = any(p in ranges and p != r for p, r in zip(placeholders, ranges, strict=True))
    return not numbered and not borrowed and len(set(placeholders)) == len(placeholders)


def random_menus(seeds, steps: int, locale: str):
    """Two-player games played at random from each seed, up to ``steps`` moves: (game, seat, legal moves, menu
    plan) of each decision on the way."""
    for seed in seeds:
        state, rng = KIND.create(2, seed, {}), random.Random(seed)
        for _ in range(steps):
            if state.finished:
                break
            seat = KIND.pending(state)[0]["seat"]
            legal = KIND.legal_moves(state, seat)
            game = SimpleNamespace(id=5, version=1, seats=[], state=state)
            yield game, seat, legal, plan_menu(PRESENTATION, game, seat, legal, locale)
            state = KIND.apply(state, seat, rng.choice(legal))[0]


def test_the_selects_of_one_menu_are_named_one_way():
    """A tour saw "Choose your move (1/2)" above "white 1 → …", and three selects all "DEX: swap … ↔ …" above
    "Choose your move (4/4)": each select was named by whatever its options happened to share, or by a number.
    Random games: every menu of several selects names them one way, each within Discord's 150 characters."""
    checked = 0
    for _game, _seat, _legal, plan in random_menus((1, 2), 150, "en"):
        if len(plan.selects) > 1:
            placeholders = [s.placeholder for s in plan.selects]
            assert named_one_way(placeholders, [range_of(s) for s in plan.selects]), placeholders
            assert all(len(p) <= 150 for p in placeholders), placeholders
            checked += 1
    assert checked >= 10


async def test_a_players_selects_are_named_one_way(harness, alice, bob, fixed_seed):
    """Played like players up to the starting dice: "My moves" (a quick arrangement and each placement, in
    several selects) names its selects one way."""
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    kind = harness.bot.sessions.kinds["rollplayer"]
    while True:
        game = await harness.bot.sessions.load(game.id)
        seat = kind.pending(game.state)[0]["seat"]
        legal = kind.legal_moves(game.state, seat)
        if legal[0]["type"] == "place_start":
            break
        user = next(u for u in (alice, bob) if u.id == game.seats[seat].user_id)
        path, spec = COMMANDS[legal[0]["type"]]
        await harness.run(path, user=user, place=place, **options_for(legal[0], spec))
    user = next(u for u in (alice, bob) if u.id == game.seats[seat].user_id)
    mine = (await harness.click(live_message(harness, place), user=user, place=place, label="My moves")).only()
    selects = mine.selects()
    assert len(selects) > 1
    placeholders = [s["placeholder"] for s in selects]
    assert named_one_way(placeholders, [range_of(s) for s in selects]), placeholders


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_the_private_headers_read_naturally_in_and_out_of_turn(harness, alice, bob, monkeypatch, locale):
    """A tour read "Your moves — to decide:" above their moves out of turn: the decision of a seat that is not
    due is "to decide". Due, the header names the decision as a
    sentence ("Your turn: buy a card or take 2 gold."); out of turn it says whom the game waits for and that
    these moves may be made now, and what comes next for them is waiting for that player."""
    games_start_as(monkeypatch, waiting_with_acrobatics)
    place = harness.channel()
    game, started = await start_two_player(harness, alice, bob, place)
    due = engine.pending(game.state)[0]["seat"]
    buyer = next(u for u in (alice, bob) if u.id == game.seats[due].user_id)
    waiting = next(u for u in (alice, bob) if u.id != game.seats[due].user_id)
    harness.locale = locale
    [live] = started.public()
    unknown = t("decision.unknown", locale)
    mine = (await harness.click(live, user=buyer, place=place, label=t("button.my_moves", "en"))).only()
    assert mine.content == t("play.your_moves", locale, decision=t("decision.market", locale))
    theirs = (await harness.click(live, user=waiting, place=place, label=t("button.my_moves", "en"))).only()
    players = listed_players(game, [due], locale)
    assert theirs.content == t("play.your_moves_waiting", locale, players=players)
    assert theirs.selects() and unknown not in mine.content + theirs.content
    # what comes next for them, wherever a private message says it ("Next: …", after an undo)
    play = harness.bot.get_cog("Play")
    assert play.decision_text(game, 1 - due, locale) == t("play.waiting_for", locale, players=players)


@pytest.mark.parametrize("locale", ["fr", "en", "de", "ko"])
def test_each_select_is_named_by_what_its_moves_share_and_quick_place_is_no_guide_word(locale):
    """A French phone tour read "De Placement rapide : placer tous mes dés de départ d'un coup à 5 Vert en CHA"
    ("place all at once onto 5 Green") and, above the select holding card 5 alone, "De Prendre Initiative n° 5 : 4
    Violet, placer en STR à Prendre Initiative n° 5 : 4 Violet, placer en CHA", three lines at 360 px: every
    select was named as a range once one had no shared name. A select whose moves share a name of their own now
    bears it; a range quotes its guide words, which are single moves, and fits two lines of a phone."""
    from cogs import menus
    from cogs.menus import shared_placeholder
    from cogs.usertext import label_text

    shared_named = ranged = 0
    for game, seat, legal, plan in random_menus((1, 2, 3), 120, locale):
        if len(plan.selects) > 1:
            placeholders = [s.placeholder for s in plan.selects]
            chains = [label for s in plan.selects for label, value, _ in s.options if "+" in value]
            assert not any(chain in p for chain in chains for p in placeholders), placeholders
            assert all(len(p) <= 110 for p in placeholders), placeholders
            assert len(set(placeholders)) == len(placeholders), placeholders
            options, all_moves = menus.menu_options(PRESENTATION, legal, game, seat, locale, None, 0,
                                                    menu=menus.MAIN)
            chunks = [[o for o in options if o.group == n] for n in range(options[-1].group + 1)] \
                if all_moves else menus._slices(options)
            names = [shared_placeholder(PRESENTATION, game, seat, legal, chunks, n, locale)
                     for n in range(len(plan.selects))]
            for name, placeholder in zip(names, placeholders, strict=False):
                if name is not None and names.count(name) == 1:
                    assert placeholder == label_text(name), (name, placeholders)
                    shared_named += 1
                else:
                    ranged += 1
    assert shared_named and ranged
