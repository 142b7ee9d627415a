"""Roll for Adventure's words over many played games (every option, 1–4 seats, all heroes): every event the
rules emit reads as a sentence in all four languages (names, not ids, Korean particles and French endings
resolved), every legal move has a label of its
own (two buttons never look alike), and a throw with more moves than a menu holds narrows by value, then
place, to one click per move."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from bot.games.rollforadventure import policy
from bot.games.rollforadventure.content import CARDS as KIND_CARDS
from bot.games.rollforadventure.kind import RollForAdventureKind
from bot.i18n import t
from cogs.menus import (
    MOVE_ROWS,
    PLACEHOLDER_LABEL,
    SELECT_SIZE,
    fit_option_text,
    menu_options,
    narrow,
    plan_menu,
)
from cogs.rollforadventure import PRESENTATION, words
from cogs.rollforadventure.commands import PLACE, REROLL, values_token
from cogs.seam import SUBSET_ITEMS
from cogs.typed import resolve

KIND = RollForAdventureKind()
LOCALES = ("en", "de", "fr", "ko")
#: every event the rules package documents (bot/games/rollforadventure/README.md, "Events")
EVENTS = ("turn roll placed hero_picked hero_used flipped freed spirit_strike no_dice dice_returned oblivion "
          "promoted swallowed chain_closed barrier_removed forest_bar forest_arch_full stone ice_claim "
          "ice_claim_lines bonus_dice bonus_none memory memory_release reveal reattack attack damage shielded defeated "
          "enemy_hit dragon_miss territory_die marker raised raise_nothing master_shuffled repaired won "
          "lost.territory_fallen lost.no_dice").split()
SPECIALS = (["dragon", "phantom", "giant", "necromancer"], [], ["dragon"], ["necromancer", "giant"])
TERRITORIES = ("desert", "fortress", "forest", "ice_cave")
#: what must never reach a reader: a placeholder left open, a catalog key, a card or place id, a slot code (the
#: rules' field ids d1, f4, w7, i3 and chain ids c1..c5: the table picture names nothing so)
LEAKS = re.compile(r"\{|rollforadventure\.|[a-z]+_[a-z]*\d|territory:|enemy:"
                   r"|\b(?:d[1-3]|f[2-4]|w\d{1,2}|i[1-6]|c[1-5])\b")
#: grammar left for the reader: a Korean particle pair (every name and number here ends in a way the particle
#: rule reads), a French parenthesised ending
UNRESOLVED = {"ko": re.compile(r"[을를이가은는와과]\([을를이가은는와과]\)|\((으|이)\)"),
              "fr": re.compile(r"\w\((s|e|es)\)")}


def game_of(state, seats):
    return SimpleNamespace(state=state, seats=[SimpleNamespace(name=f"Player{i + 1}") for i in range(seats)])


def played_games(count=40):
    """(game view, seat, legal moves) at every decision, and (game view, events) after every move."""
    for g in range(count):
        seats = 1 + g % 4
        options = {"hero_pool": "all", "specials": SPECIALS[g % 4], "heroes": "choose" if g % 5 == 0 else "random",
                   **{f"{tid}_side": "AB"[(g >> i) & 1] for i, tid in enumerate(TERRITORIES)}}
        state = KIND.create(seats, g, options)
        n = 0
        while not KIND.is_finished(state) and n < 800:
            seat = KIND.pending(state)[0]["seat"]
            legal = KIND.legal_moves(state, seat)
            yield "decision", game_of(state, seats), seat, legal
            state, events = KIND.apply(state, seat, policy.choose_move(state, seat, n))
            n += 1
            yield "events", game_of(state, seats), events, None


@pytest.fixture(scope="module")
def games():
    return list(played_games())


def test_every_event_reads_in_every_language(games):
    seen = set()
    for kind, game, events, _ in games:
        if kind != "events":
            continue
        for event in events:
            seen.add(event["key"].removeprefix("rollforadventure.event."))
            for locale in LOCALES:
                line = PRESENTATION.event_line(game, event, locale)
                assert line and not LEAKS.search(line), (event, locale, line)
                assert locale not in UNRESOLVED or not UNRESOLVED[locale].search(line), (event, locale, line)
    assert seen == set(EVENTS)


def test_an_unknown_event_still_reads(games):
    _, game, _, _ = games[0]
    for event in ({"key": "rollforadventure.event.nope", "params": {}}, {"key": 5}, "junk"):
        assert PRESENTATION.event_line(game, event, "en") == t("rollforadventure.event.unknown", "en")


def test_every_move_has_a_label_of_its_own(games):
    checked = 0
    for kind, game, seat, legal in games:
        if kind != "decision":
            continue
        labels = [PRESENTATION.move_label(game, seat, m, "en") for m in legal]
        assert len(set(labels)) == len(labels), [lb for lb in labels if labels.count(lb) > 1]
        assert all(0 < len(lb) <= 100 and not LEAKS.search(lb) for lb in labels), labels
        for locale in LOCALES[1:]:
            for move in legal[:12]:
                label = PRESENTATION.move_label(game, seat, move, locale)
                assert label and not LEAKS.search(label), (locale, label)
        checked += 1
    assert checked > 2000


def reachable(game, seat, legal) -> set[int]:
    """The moves a player reaches through the menus the shell builds (``plan_menu``): buttons, the entries of
    at most four selects of 25, each narrowing entry's sub-menu (at most three deep), and a subset choice's
    toggles (every choice of them, Confirm playing the move it stands for)."""
    reached: set[int] = set()

    def visit(plan, depth):
        assert depth <= 3 or any("fields" in m for m in legal)      # Desert B's field choices go deeper
        if plan.subset is not None:
            subset = plan.subset
            assert len(subset.labels) <= SUBSET_ITEMS
            for index, own in enumerate(subset.masks):     # every toggle state is a choice; each move's own is one
                if own is not None and subset.index_of(own) == index:
                    reached.add(index)
            return
        reached.update(index for index, _, _ in plan.buttons)
        assert len(plan.selects) <= MOVE_ROWS
        for select in plan.selects:
            assert len(select.options) <= SELECT_SIZE
            for _, value, _ in select.options:
                index, *rest = value.split(":")[::2]
                if rest:
                    visit(plan_menu(PRESENTATION, game, seat, legal, "en", rep=legal[int(index)],
                                    levels=int(rest[0])), depth + 1)
                else:
                    reached.add(int(index))

    visit(plan_menu(PRESENTATION, game, seat, legal, "en"), 0)
    return reached


def test_a_long_menu_narrows_by_value_then_place(games):
    decisions = [item for item in games if item[0] == "decision"]
    widest = max((item for item in decisions if not any("fields" in m or "field" in m for m in item[3])),
                 key=lambda item: len(item[3]))
    _, game, seat, legal = widest
    assert len(legal) > 2 * SELECT_SIZE
    options, all_moves = menu_options(PRESENTATION, legal, game, seat, "en")
    assert not all_moves and len(options) <= SELECT_SIZE
    assert any(o.label.startswith("Dice showing") and o.count > 1 for o in options)
    assert reachable(game, seat, legal) == set(range(len(legal)))
    narrowed = narrow(list(enumerate(legal)), legal[0], 1, PRESENTATION.narrow_fields)
    assert {m.get("value") for _, m in narrowed} == {legal[0].get("value")}


def test_every_move_is_reachable_by_menu_or_typed(games):
    """Three or more 1s on Desert B may have more field choices than four menus hold: those the menus cannot
    show are one typed command away (``/rfa place`` with value, where, count and fields; ``/rfa reroll`` with
    the values) naming exactly that move. (The Daredevil's rerolls of a big throw are reached by toggles.)"""
    typed_only = set()
    for kind, game, seat, legal in games:
        if kind != "decision" or len(legal) <= 4 * SELECT_SIZE:
            continue
        by_menu = reachable(game, seat, legal)
        for index, move in enumerate(legal):
            if index in by_menu:
                continue
            typed_only.add(move["type"])
            if move["type"] == "reroll":
                spec, filled = REROLL, {"dice": values_token(",".join(map(str, move["values"])))}
            else:
                spec = PLACE
                filled = {"value": str(move["value"]), "where": move["place"].split(":")[1],
                          "count": str(move["count"]), "fields": PRESENTATION.value_token("fields", move["fields"])}
            assert resolve(PRESENTATION, legal, spec, filled, game, seat, "en") == [(index, move)]
    assert "place" in typed_only, "the widest Desert B throws exceed the menus"
    assert "reroll" not in typed_only, "every reroll is reached through the menus (its toggles)"


#: events that name dice by id: their log lines must not follow the dice afterwards
DICE_EVENTS = {"dice_returned", "oblivion", "freed", "flipped", "promoted", "swallowed"}


def test_a_log_line_reads_the_same_later(games):
    """An event is worded again whenever its message is redrawn (the live message is edited after every step,
    its earlier posts summarised): the dice it names read as they were when it happened, not as they lie
    at the end of the game (a returned die is thrown again, a freed one lies blank on a hero board)."""
    by_game: list[list] = [[]]
    for kind, game, events, _ in games:
        if kind != "events":
            continue
        if by_game[-1] and game.state["turn"] < by_game[-1][-1][0].state["turn"]:
            by_game.append([])              # the next game of the fixture
        by_game[-1].append((game, events))
    seen, changed = set(), []
    for played in by_game:
        last = played[-1][0]
        for game, events in played:
            for event in events:
                name = event["key"].removeprefix("rollforadventure.event.")
                if name not in DICE_EVENTS:
                    continue
                seen.add(name)
                for locale in LOCALES:
                    then, later = (PRESENTATION.event_line(g, event, locale) for g in (game, last))
                    if then != later:
                        changed.append((then, later))
    assert seen == DICE_EVENTS
    assert not changed, changed[:5]


def test_an_event_stored_before_it_carried_its_dice_still_reads(games):
    """Events kept in old posts name their dice by id only: they read from the state, as before."""
    for kind, game, events, _ in games:
        if kind == "events" and any("dice_seen" in e["params"] for e in events):
            old = next(e for e in events if "dice_seen" in e["params"])
            params = {k: v for k, v in old["params"].items() if k != "dice_seen"}
            line = PRESENTATION.event_line(game, {"key": old["key"], "params": params}, "en")
            assert line and not LEAKS.search(line)
            return
    raise AssertionError("no event with dice")


def test_a_die_choice_names_where_the_die_lies_as_the_table_picture_does(games):
    """Which die an attack removes (and which dice a closed Desert B chain gives back): the territory by name,
    and the field where it tells two dice apart (Desert B: its number, drawn above it; Ice Cave B: its letter,
    drawn on it) — never the rules' slot code ("Lose blue 4 on f4")."""
    from bot.games.rollforadventure import content as C
    from bot.games.rollforadventure import territories as T

    checked = set()
    for kind, game, seat, legal in games:
        if kind != "decision" or not legal or legal[0]["type"] not in ("remove", "keep"):
            continue
        state = game.state
        for move in legal:
            ids = [move["die"]] if move["type"] == "remove" else move["return"]
            for locale in LOCALES:
                label = PRESENTATION.move_label(game, seat, move, locale)
                assert not LEAKS.search(label), label
                for i in ids:
                    die = state["dice"][i]
                    t_id = die["at"]
                    if move["type"] == "remove":
                        assert t(f"rollforadventure.territory.{t_id}", locale) in label, (label, t_id)
                    if (t_id, state["terr"][t_id]["side"]) in T.SLOT_MATTERS:
                        name = str(C.DESERT_B_FIELDS.index(die["s"]) + 1) if t_id == "desert" else die["s"]
                        assert t("rollforadventure.words.field", locale, field=name) in label, (label, die)
                        checked.add((move["type"], t_id))
            checked.add(move["type"])
    assert {"remove", "keep", ("remove", "desert"), ("keep", "desert"), ("remove", "ice_cave")} <= checked, checked


def test_desert_b_fields_read_and_type_as_the_picture_numbers_them(games):
    """A Desert B placement's button names its fields by the numbers drawn above them ("fields 2+3", one:
    "field 4"); typed, that number works as the rules' id does (``fields:2+3`` or ``fields:w2+w3``)."""
    for kind, game, seat, legal in games:
        if kind != "decision":
            continue
        several = [m for m in legal if len(m.get("fields") or ()) > 1]
        one = [m for m in legal if len(m.get("fields") or ()) == 1]
        if several and one:
            break
    else:
        raise AssertionError("no Desert B throw")
    for move in (several[0], one[0]):
        numbers = "+".join(f.removeprefix("w") for f in move["fields"])
        label = PRESENTATION.move_label(game, seat, move, "en")
        assert label.endswith(f"(fields {numbers})" if len(move["fields"]) > 1 else f"(field {numbers})"), label
        for typed in (numbers, "+".join(move["fields"])):
            filled = {"value": str(move["value"]), "where": "desert", "count": str(move["count"]), "fields": typed}
            assert resolve(PRESENTATION, legal, PLACE, filled, game, seat, "en") == [(legal.index(move), move)]


def test_the_end_post_counts_every_defeat_a_necromancer_raised_again(games):
    """A tour's end post read "1 enemy defeated" after four "… is defeated!" lines: it counted the discard pile,
    which a Necromancer empties. It counts what the log said, in every language."""
    defeats = raised = raised_games = finished = 0
    for kind, game, events, _ in games:
        if kind != "events":
            continue
        defeats += sum(1 for e in events if e["key"] == "rollforadventure.event.defeated")
        raised += sum(1 for e in events if e["key"] == "rollforadventure.event.raised")
        if not KIND.is_finished(game.state):
            continue
        state = game.state
        for locale in LOCALES:
            summary = t("rollforadventure.final.summary", locale, stones=state["stones"], needed=state["stones_needed"],
                        turns=state["turn"], defeated=defeats,
                        adventure=t(f"rollforadventure.adventure.{state['options']['adventure']}", locale))
            assert summary in PRESENTATION.final_lines(game, locale), (locale, defeats)
        finished += 1
        raised_games += raised > 0
        defeats = raised = 0
    assert finished > 10 and raised_games, "some games saw a Necromancer raise a defeated enemy"


@pytest.mark.parametrize("locale", LOCALES)
def test_a_hit_and_the_vortex_of_memory_say_the_true_sum(games, locale):
    """A tour read "Blutsauger B has taken 6 of 6" for 5 + 2×6 and "holds 10 of 10" for 6 + 3×4: the lines say
    the sum the dice made (17, 18) and name the strength apart, never as "17 of 6"."""
    _, game, _, _ = games[0]
    hit = PRESENTATION.event_line(game, {"key": "rollforadventure.event.enemy_hit",
                                         "params": {"card": "blutsauger_2", "total": 17}}, locale)
    memory = PRESENTATION.event_line(game, {"key": "rollforadventure.event.memory", "params": {"total": 18}}, locale)
    assert "17" in hit and "6" in hit.replace("17", "") and "18" in memory and "10" in memory
    for line, total, strength in ((hit, 17, 6), (memory, 18, 10)):
        assert t("rollforadventure.words.none", locale) not in line
        assert not re.search(rf"{total} (?:of|von|sur) {strength}\b|{strength} 중 {total}", line), line


def test_a_dragon_is_revealed_with_its_number_when_it_hits_too(games):
    """A tour read „Aufgedeckt: Drache A. · In den Strudel des Vergessens: gelb 1.“: only a miss named the number
    („Der Drache (4) findet nichts zu verbrennen.“), the one thing a player checks the burnt dice against."""
    hits = 0
    for kind, game, events, _ in games:
        if kind != "events":
            continue
        for event in events:
            card = event["params"].get("card", "")
            if event["key"] != "rollforadventure.event.reveal" or not card.startswith("dragon"):
                continue
            value = KIND_CARDS[card]["value"]
            missed = any(e["key"] == "rollforadventure.event.dragon_miss" for e in events)
            hits += not missed
            for locale in LOCALES:
                line = PRESENTATION.event_line(game, event, locale)
                assert f"({value})" in line and t("rollforadventure.card.dragon", locale) in line, (locale, line)
    assert hits, "some dragons burnt dice"



def test_a_selects_placeholder_names_only_what_its_moves_share(games):
    """A French tour read the placeholder "1 sur le Désert …" over a select of 1s placed anywhere: a select's
    placeholder names a place only when every move in it goes there, else the value they share. Each select of
    one menu is named by what its moves share when that name is its own, else by its first and last option (the
    only one left so beside named ones: "Choose your move"); never
    by a number (a menu mixed "Dice showing 5 …" with "Choose your move (2/3)"), never two alike."""
    checked = 0
    for item in games:
        if item[0] != "decision" or len(item[3]) <= SELECT_SIZE:
            continue
        _, game, seat, legal = item
        plan = plan_menu(PRESENTATION, game, seat, legal, "en")
        placeholders = [select.placeholder for select in plan.selects]
        assert len(plan.selects) < 2 or len(set(placeholders)) == len(placeholders), placeholders
        assert not any(re.search(r"\(\d+/\d+\)$", p) for p in placeholders), placeholders
        for select in plan.selects if len(plan.selects) > 1 else ():
            moves = [legal[int(value.split(":")[0])] for _, value, _ in select.options]
            values = {m.get("value") for m in moves}
            places = {m.get("place") for m in moves}
            if len(values) == 1 and None not in values and all(m.get("type") == "place" for m in moves):
                value = values.pop()
                if len(places) == 1:
                    wanted = t("rollforadventure.group.place", "en", value=value,
                               place=words.place(places.pop(), "en"))
                else:
                    wanted = t("rollforadventure.group.value", "en", value=value)
                # or, the one select with no name of its own beside named ones, "Choose your move" (t12)
                assert select.placeholder in (wanted, range_of(select), t("menu.placeholder", "en")), \
                    (select.placeholder, wanted)
                checked += 1
    assert checked > 20


def range_of(select) -> str:
    """A select's placeholder by its first and last option (``cogs.menus.range_placeholder``)."""
    labels = [label for label, value, _ in select.options if "+" not in value] or [o[0] for o in select.options]
    first, last = (fit_option_text(label, PLACEHOLDER_LABEL) for label in (labels[0], labels[-1]))
    return first if len(select.options) == 1 or first == last else \
        t("menu.placeholder_range", "en", first=first, last=last)


def test_the_status_line_sets_the_active_hero_apart_from_the_figures():
    """A German tour read "Zug 3: Ann · Heiler · Machtsteine …": the player and hero (joined by "·") ran into
    the figures the line separates by "·". The turn names whose it is; the figures follow the colon."""
    state = KIND.create(2, 7, {"heroes": "random"})
    while state.get("decision") and state["decision"].get("kind") == "pick_hero":
        seat = KIND.pending(state)[0]["seat"]
        state, _ = KIND.apply(state, seat, policy.choose_move(state, seat, 0))
    game = game_of(state, 2)
    for locale in LOCALES:
        first = PRESENTATION.status_line(game, locale).splitlines()[0]
        head, figures = re.split(r"\s?:\s", first, maxsplit=1)
        hero = words.hero(state, state["active"], ["Player1", "Player2"], locale)
        assert hero in head and hero not in figures, (locale, first)
        # no "·" (a screen reader's "middle dot"): commas and a semicolon set the figures apart
        assert "·" not in first and figures.count(",") >= 2, (locale, first)


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
def test_a_closed_desert_chain_names_its_fields_in_words(locale):
    """"Desert chain 4–7 is closed" was read "4 en dash 7": the fields the chain joins are said in words."""
    state = KIND.create(2, 7, {"desert_side": "B"})
    line = PRESENTATION.event_line(game_of(state, 2), {"key": "rollforadventure.event.chain_closed",
                                                       "params": {"connection": "c3"}}, locale)
    assert t("rollforadventure.words.connection", locale, first=4, last=7) in line and "\u2013" not in line, line


def test_a_line_names_every_die_of_its_event(games):
    """A Korean tour's Vortex of Memory released 14 dice and the line named 12 of them, with nothing to say that two
    were left out ("14 dice released", 12 listed): the list was cut at twelve. Every die is named now, as the event
    saw it and, for an event from before it carried that, as it lies."""
    game = next(g for kind, g, _, _ in games if kind == "events" and len(g.state["dice"]) >= 14)
    ids = list(range(14))
    looks = [[game.state["dice"][i].get("o"), game.state["dice"][i].get("v")] for i in ids]
    for locale in LOCALES:
        for params in ({"dice": ids, "dice_seen": looks}, {"dice": ids}):
            line = PRESENTATION.event_line(game, {"key": "rollforadventure.event.oblivion", "params": params}, locale)
            listed = line.split(t("rollforadventure.event.oblivion", locale, dice="\0").split("\0")[0], 1)[1]
            assert listed.count(", ") == len(ids) - 1, line
