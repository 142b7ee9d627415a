"""Roll for Adventure as the shell sees it: ``/rfa``, its lobby switches, words, pictures, help and rules.

A co-operative game: everybody sees the whole table and may talk it over; only the active hero's player
moves. So every accepted move is a public step (a fresh table picture for everyone), and a hero's turn is
one message edited in place after each placement (``message_mark``): the channel is not flooded with one
post per die, and the next hero's turn starts a new message that pings its player.

"Value × place" is one click: a move already carries its count, so each legal move is one button or menu
entry ("Place 3×5 on the Forest"). When a throw offers more moves than one select holds, the shell's menu
narrows by the die value first (``narrow_fields``), then by the place, then by how many dice. The Daredevil's
reroll of a throw (any of its dice: up to 2^15 choices) is a nested subset choice (``subset_menu``): listed
with the placements while they all fit, else one narrowing entry that opens a toggle per die and Confirm.
"""
from __future__ import annotations

from typing import Any

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure.flow import shield_stakes
from bot.games.rollforadventure.kind import RollForAdventureKind
from bot.games.rollforadventure.setup import OPTION_DEFAULTS
from bot.i18n import N_, has_key, t
from cogs.core import Refusal, as_typed
from cogs.seam import (
    LobbyOption,
    Picture,
    Presentation,
    Seats,
    SubsetMenu,
    picture_names,
    player_name,
    seat_names,
)
from cogs.usertext import cut

from . import alt, commands, words

TERRITORY_SIDES = tuple((tid, f"{tid}_side") for tid in C.TERRITORIES)
SPECIALS = tuple(C.SPECIAL_SETS)
SIDE_CHOICES = (("A", N_("rollforadventure.lobby.side.A")), ("B", N_("rollforadventure.lobby.side.B")))
#: decisions the catalog names (anything else reads as "wait")
DECISIONS = ("pick_hero", "place", "place_more", "promote", "desert_return", "ice_claim", "remove_die", "shield",
             "reward_enemy", "reward_skull", "reward_free", "bonus_dice")
KIND = RollForAdventureKind()
#: the result line (won?) and the loss's reason (a territory fell?)
RESULT_KEYS = {True: "rollforadventure.result.won", False: "rollforadventure.result.lost"}
LOSS_KEYS = {True: "rollforadventure.event.lost.territory_fallen", False: "rollforadventure.event.lost.no_dice"}
#: where bonus dice go back to (the Ice Cave side's ``bonus_dice_home``): the line that says so
BONUS_RETURN_KEYS = {"ice_cave": N_("rollforadventure.event.bonus_returned_ice_cave"),
                     "storage_chest": N_("rollforadventure.event.bonus_returned_chest")}
#: event params that name a thing, and how each reads
NAMED_PARAMS = ("hero", "card", "by", "territory", "die", "dice", "values", "lines", "face", "place", "seat",
                "die_seen", "dice_seen", "section", "connection")
#: those that read the same whatever the state
READ_AS = {"card": words.card, "by": words.card, "territory": words.territory, "lines": words.ice_lines,
           "face": words.face, "place": words.place, "section": words.section, "connection": words.connection}


def lobby_choice(option: LobbyOption, value: Any) -> str:
    """``value`` if the string switch ``option`` offers it (anything else is refused politely)."""
    allowed = tuple(choice for choice, _ in option.choices)
    if value not in allowed:
        raise Refusal("rollforadventure.error.lobby_choice", option=option.name,
                      value=as_typed(str(value), 40), allowed=", ".join(allowed))
    return value



def result_lines(state: dict, locale: str) -> list[str]:
    """How a finished adventure ended: won, or lost and why (worded as the log's last line). The final post
    and the status line of a finished game (the replay's last step, /mygames) say it alike."""
    won = state["result"] == "won"
    lines = [t(RESULT_KEYS[won], locale)]
    if not won:
        fallen = [tid for tid in C.TERRITORIES if state["terr"][tid]["skull"] >= state["terr"][tid]["last"]]
        lines.append(t(LOSS_KEYS[True], locale, territory=words.territory(fallen[0], locale)) if fallen
                     else t(LOSS_KEYS[False], locale))
    return lines

def shield_question(stakes: dict, locale: str) -> str:
    """The Shieldmaiden's question for the attack ``stakes`` describes (``flow.shield_stakes``), in words."""
    card, tid = words.card(stakes["card"], locale), stakes["territory"]
    territory = words.territory(tid, locale)
    if stakes["effect"] == "dragon":
        if tid == "memory":
            return t("rollforadventure.shield.dragon_memory", locale, card=card, value=stakes["value"],
                     count=stakes["dice"])
        return t("rollforadventure.shield.dragon", locale, card=card, territory=territory, value=stakes["value"],
                 count=stakes["dice"])
    if stakes["effect"] == "giant_mark":
        key = "rollforadventure.shield.giant_falls" if stakes["falls"] else "rollforadventure.shield.giant"
        return t(key, locale, card=card, territory=territory, last=stakes["last"])
    if stakes["dice"]:
        return t("rollforadventure.shield.remove", locale, card=card, territory=territory, count=stakes["dice"])
    if stakes["falls"]:
        return t("rollforadventure.shield.falls", locale, card=card, territory=territory)
    return t("rollforadventure.shield.damage", locale, card=card, territory=territory, skull=stakes["skull"],
             last=stakes["last"])


def dragon_value(cid: Any) -> int | None:
    """The number a Dragon card burns (the card's own, so a reveal stored before any event carried it reads the
    same); None for any other card."""
    card = C.CARDS.get(cid) if isinstance(cid, str) else None
    return card.get("value") if card and card["kind"] == "dragon" else None


class RollForAdventurePresentation(Presentation):
    kind = "rollforadventure"
    catalog_prefix = "rollforadventure."
    group_key = N_("rollforadventure.cmd.name")
    group_description_key = N_("rollforadventure.cmd.description")
    title_key = N_("rollforadventure.title")
    seats = Seats(low=2, high=4, default=3)
    solo = True
    has_live_pictures = True
    message_opener = N_("rollforadventure.event.turn")
    #: a hero chosen and dice placed are the move itself: the log's line for the move says them
    log_retold_events = (N_("rollforadventure.event.hero_picked"), N_("rollforadventure.event.placed"))
    lobby_options = (
        LobbyOption("heroes", N_("rollforadventure.lobby.heroes.describe"), default="random",
                    choices=(("random", N_("rollforadventure.lobby.heroes.random")),
                             ("choose", N_("rollforadventure.lobby.heroes.choose")))),
        LobbyOption("hero_pool", N_("rollforadventure.lobby.hero_pool.describe"), default="first_game",
                    choices=(("first_game", N_("rollforadventure.lobby.hero_pool.first_game")),
                             ("all", N_("rollforadventure.lobby.hero_pool.all")))),
        LobbyOption("adventure", N_("rollforadventure.lobby.adventure.describe"), default="book_of_magic",
                    choices=tuple((a, f"rollforadventure.lobby.adventure.{a}") for a in C.ADVENTURES)),
        *(LobbyOption(tid, f"rollforadventure.lobby.side.{tid}.describe", default="A", choices=SIDE_CHOICES)
          for tid in C.TERRITORIES),
        *(LobbyOption(special, f"rollforadventure.lobby.special.{special}.describe", default=False)
          for special in SPECIALS),
        LobbyOption("extra_ally", N_("rollforadventure.lobby.extra_ally.describe"), default=False),
    )
    narrow_fields = ("value", "place", "count", "fields", "field", "hero")
    help_title_key = N_("rollforadventure.help.title")
    help_intro_key = N_("rollforadventure.help.intro")
    help_sections = (
        (N_("rollforadventure.help.section.games"), ("new", "join", "leave", "start", "cancel", "solo", "status",
                                                     "abandon", "table", "log", "language", "defaults", "rules",
                                                     "help")),
        (N_("rollforadventure.help.section.moves"), ("play", "place", "reroll", "hint", "undo")),
    )
    rules_topics = ("overview", "turn", "territories", "enemies", "heroes", "solo")

    # ---- lobby
    def game_options(self, chosen: dict[str, Any], *, solo: bool) -> dict:
        """The rules options from the switches; a value no choice offers (typed by hand) is refused."""
        picked = {o.name: lobby_choice(o, chosen.get(o.name) or o.default) for o in self.lobby_options if o.choices}
        options: dict[str, Any] = {name: picked[name] for name in ("heroes", "hero_pool", "adventure")}
        options.update((key, picked[tid]) for tid, key in TERRITORY_SIDES)
        options["specials"] = [s for s in SPECIALS if chosen.get(s) is True]
        options["extra_ally_dice"] = chosen.get("extra_ally") is True
        return options

    def option_lines(self, options: dict, locale: str) -> list[str]:
        full = {**OPTION_DEFAULTS, **options}
        adventure = full["adventure"] if full["adventure"] in C.ADVENTURES else "book_of_magic"
        lines = [
            t("rollforadventure.lobby.line.adventure", locale,
              adventure=t(f"rollforadventure.adventure.{adventure}", locale), stones=C.ADVENTURES[adventure]),
            t("rollforadventure.lobby.line.heroes", locale,
              how=t(f"rollforadventure.lobby.heroes.{full['heroes']}", locale),
              pool=t(f"rollforadventure.lobby.hero_pool.{full['hero_pool']}", locale)),
            t("rollforadventure.lobby.line.sides", locale, sides=t("rollforadventure.alt.list_sep", locale).join(
                f"{words.territory(tid, locale)} {full.get(key, 'A')}" for tid, key in TERRITORY_SIDES)),
        ]
        specials = [s for s in SPECIALS if s in (full.get("specials") or [])]
        if specials:
            lines.append(t("rollforadventure.lobby.line.specials", locale, specials=", ".join(
                t(f"rollforadventure.card.{s}", locale) for s in specials)))
        if full.get("extra_ally_dice") is True:
            lines.append(t("rollforadventure.lobby.line.extra_ally", locale))
        return lines

    # ---- the Daredevil's reroll
    def subset_menu(self, game: Any, seat: int, legal: list[dict], locale: str) -> SubsetMenu | None:
        """Which dice of the fresh throw to throw again: one toggle per die of the pool, by value (equal
        values are alike: the move names values, the rules pick the die), nothing chosen at first; nested
        in the throw's menu beside the placements. None when no reroll is legal. Each toggle says its state in
        words ("4, kept" / "4, reroll"), as dice poker's do: the state was the button's colour alone, and a
        screen reader heard "4" before and after a press."""
        state = game.state
        if not state or not any(m.get("type") == "reroll" for m in legal):
            return None
        values = sorted(d["v"] for d in state.get("dice") or () if d.get("at") == "pool" and type(d.get("v")) is int)
        first: dict[int, int] = {}
        for item, value in enumerate(values):
            first.setdefault(value, item)
        masks: list[int | None] = []
        for move in legal:
            if move.get("type") != "reroll":
                masks.append(None)
                continue
            mask, taken = 0, {}
            for value in move.get("values") or ():
                item = first.get(value, len(values)) + taken.get(value, 0)
                if item >= len(values) or values[item] != value:
                    return None         # not a part of this throw: no toggles can name it
                taken[value] = taken.get(value, 0) + 1
                mask |= 1 << item
            masks.append(mask)
        return SubsetMenu(labels=tuple(t("rollforadventure.toggle.kept", locale, value=v) for v in values),
                          masks=tuple(masks), alike=tuple(values), nested=True,
                          chosen_labels=tuple(t("rollforadventure.toggle.reroll", locale, value=v) for v in values))

    # ---- words
    def move_label(self, game: Any, seat: int, move: dict, locale: str, limit: int = 100,
                   open_fields: frozenset[str] = frozenset()) -> str:
        state, names = game.state or {}, seat_names(game)
        # a die choice names each die by what tells it apart (owner, value, field where it matters): the rules
        # offer one die of each kind (``moves.one_of_each``), so two labels never read alike
        text = self._label(state, names, move, locale)
        return cut(text, limit)         # a hero's player is named: never cut inside an escape or an emoji

    def _label(self, state: dict, names: list[str], move: dict, locale: str) -> str:
        kind = move.get("type")
        if kind == "place":
            text = t("rollforadventure.move.place", locale, count=move.get("count"), value=move.get("value"),
                     place=words.place(move.get("place"), locale))
            if "fields" in move:            # Desert B: one field or several, named as the picture numbers them
                named = words.fields(move["fields"])
                if isinstance(move["fields"], list) and len(move["fields"]) > 1:
                    text = t("rollforadventure.move.with_fields", locale, move=text, fields=named)
                else:
                    text = t("rollforadventure.move.with_field", locale, move=text, field=named)
            if "field" in move:
                text = t("rollforadventure.move.with_field", locale, move=text, field=words.fields(move["field"]))
            if move.get("hero") is True:
                text = t("rollforadventure.move.with_ability", locale, move=text, hero=self._active_hero(state, locale))
            return text
        if kind == "pick_hero":
            return t("rollforadventure.move.pick_hero", locale, hero=words.hero_name(move.get("hero"), locale))
        if kind == "reroll":
            return t("rollforadventure.move.reroll", locale, values=words.values(move.get("values")))
        if kind == "flip":
            value = move.get("value")
            return t("rollforadventure.move.flip", locale, value=value,
                     opposite=7 - value if type(value) is int else "?")
        if kind == "free":
            return t("rollforadventure.move.free", locale, die=words.looks(move.get("owner"), None, locale))
        if kind == "strike":
            return t("rollforadventure.move.strike", locale, card=words.card(move.get("card"), locale))
        if kind == "end_placement":
            return t("rollforadventure.move.end_placement", locale)
        if kind == "promote":
            return t("rollforadventure.move.promote", locale, die=words.die(state, move.get("die"), locale))
        if kind == "keep":
            back = move.get("return")
            if not back:
                return t("rollforadventure.move.return_none", locale)
            return t("rollforadventure.move.return", locale, dice=words.dice(state, back, locale, where="field"))
        if kind == "claim":
            if "lines" in move:
                lines = move.get("lines")
                if not lines:
                    return t("rollforadventure.move.claim_no_line", locale)
                return t("rollforadventure.move.claim_lines", locale, lines=words.ice_lines(lines, locale))
            if move.get("claim") is not True:
                return t("rollforadventure.move.claim_no", locale)
            if words.claim_pays_nothing_but_dice(state):
                return t("rollforadventure.move.claim_dice_back", locale)
            return t("rollforadventure.move.claim_yes", locale)
        if kind == "remove":
            return t("rollforadventure.move.remove", locale,
                     die=words.die(state, move.get("die"), locale, where="place"))
        if kind == "shield":
            key = "rollforadventure.move.shield_yes" if move.get("use") is True else "rollforadventure.move.shield_no"
            return t(key, locale)
        if kind == "defeat":
            return t("rollforadventure.move.defeat", locale, card=words.card(move.get("card"), locale))
        if kind == "repair":
            return t("rollforadventure.move.repair", locale, territory=words.territory(move.get("territory"), locale))
        if kind == "rescue":
            return t("rollforadventure.move.rescue", locale, die=words.die(state, move.get("die"), locale))
        if kind == "bonus":
            heroes = move.get("heroes") if isinstance(move.get("heroes"), list) else []
            return t("rollforadventure.move.bonus", locale,
                     heroes=", ".join(words.hero(state, h, names, locale) for h in heroes))
        return words.short(kind)

    def log_label(self, game: Any, seat: int, move: dict, locale: str) -> str:
        """The Ice Cave's claim, the Shieldmaiden's choice and the end of a mixed placement in the log say what was
        decided ("Ice Cave: reward not claimed yet (5 dice)"): their buttons ("Not yet", "Let it through", "Finish
        this placement") read only under their question, and a tester's log read "52. Bot: Not yet". Every other
        move reads as its label."""
        kind = move.get("type")
        if kind == "claim":
            if "lines" in move:
                lines = move.get("lines")
                if not lines:
                    return t("rollforadventure.log.claim_no_line", locale)
                return t("rollforadventure.log.claim_lines", locale, lines=words.ice_lines(lines, locale))
            decision = (game.state or {}).get("decision") or {}
            count = decision.get("count") if type(decision.get("count")) is int else "?"
            if move.get("claim") is True:
                return t("rollforadventure.log.claim_yes", locale, count=count)
            return t("rollforadventure.log.claim_no", locale, count=count)
        if kind == "shield":
            if move.get("use") is True:
                return t("rollforadventure.log.shield_yes", locale)
            return t("rollforadventure.log.shield_no", locale)
        if kind == "end_placement":
            return self._end_placement_log(game, locale)
        return self.move_label(game, seat, move, locale)

    @staticmethod
    def _end_placement_log(game: Any, locale: str) -> str:
        """A Frostrunner's or Scout's mixed placement ended, named by where it went ("Ice Cave: placement
        finished"): the button "Finish this placement" leans on the dice placed just above it, and the log read
        it bare, with no word of which placement."""
        multi = (game.state or {}).get("multi") or {}
        target = multi.get("place") if isinstance(multi, dict) else None
        if not isinstance(target, str):
            return t("rollforadventure.log.end_placement_done", locale)
        return t("rollforadventure.log.end_placement", locale, place=words.place_name(target, locale))

    def option_detail(self, game: Any, seat: int, move: dict, locale: str) -> str | None:
        """Under a hero to choose, that hero's ability (a tour chose heroes from their names alone; Roll Player's
        race and class options say what each brings), in its short form: a select option's description holds 100
        characters, and the full text (``.ability``, kept for the status, the hint and the turn message) lost its
        end there, the part that matters ("not the Master of Shadows' damage") in 8 to 9 heroes of 10."""
        hero = move.get("hero")
        if move.get("type") == "pick_hero" and isinstance(hero, str) and hero in C.HEROES:
            return t(f"rollforadventure.hero.{hero}.brief", locale)
        return None

    def _active_hero(self, state: dict, locale: str) -> str:
        heroes = state.get("heroes") or []
        active = state.get("active")
        if type(active) is int and 0 <= active < len(heroes):
            return words.hero_name(heroes[active].get("hero"), locale)
        return "?"

    def group_label(self, field: str, members: list[dict], game: Any, seat: int, locale: str,
                    limit: int = 100) -> str:
        """A narrowing entry (or a select's placeholder): all moves with dice of one value, all of one value on
        one place, or (no value: the hero's ability) all the moves of one kind. It names only what every member
        shares: a select of 1s on every place read "1 on the Desert …" (a French tour)."""
        first = members[0]          # (the shell adds how many moves the entry holds)
        if all(m.get("type") == "reroll" for m in members):
            return t("rollforadventure.group.reroll", locale)[:limit]
        one_value = first.get("value") is not None and all(m.get("value") == first["value"] for m in members)
        one_place = all(m.get("type") == "place" and m.get("place") == first.get("place") for m in members)
        if one_value and one_place:
            return t("rollforadventure.group.place", locale, value=first.get("value"),
                     place=words.place(first.get("place"), locale))[:limit]
        if one_value:
            return t("rollforadventure.group.value", locale, value=first["value"])[:limit]
        return cut(t("rollforadventure.group.other", locale,
                     move=self._label(game.state or {}, seat_names(game), first, locale)), limit)

    def value_text(self, name: str, value: Any, game: Any, seat: int | None, locale: str) -> str:
        if name == "place":
            return words.place_name(value, locale)
        if name in ("fields", "field"):
            return words.fields(value)
        if name == "values":
            return words.values(value)
        return str(value)[:60]

    def value_token(self, name: str, value: Any) -> str:
        if name == "place" and isinstance(value, str):
            return value.split(":", 1)[-1]
        if name in ("fields", "values") and isinstance(value, list):
            return "+".join(str(v) for v in value)
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    def event_line(self, game: Any, event: dict, locale: str) -> str:
        key = event.get("key") if isinstance(event, dict) else None
        params = event.get("params") if isinstance(event, dict) else None
        if not isinstance(key, str) or not key.startswith(self.catalog_prefix) or not has_key(key):
            return t("rollforadventure.event.unknown", locale)
        params = params if isinstance(params, dict) else {}
        if key == "rollforadventure.event.reveal" and dragon_value(params.get("card")) is not None:
            # a Dragon's number is its whole rule (it burns every die showing it): named on a hit as on a miss
            return t("rollforadventure.event.reveal_dragon", locale, **self._shown(game, params, locale),
                     value=dragon_value(params["card"]))
        if key == "rollforadventure.event.dice_returned":
            return self._returned_line(game, params, locale)
        return t(key, locale, **self._shown(game, params, locale))

    def _returned_line(self, game: Any, params: dict, locale: str) -> str:
        """Dice going home: a hero's and ally dice to a hero board, bonus dice back to their supply (the rules'
        ``home_of``: single use), on the Ice Cave (side A) or in the chest (side B). One line told them all
        "return to their holders", a Summoner's spirit die too, which her own ability sends to the supply."""
        state = game.state or {}
        ids, seen = params.get("dice"), params.get("dice_seen")
        if not isinstance(ids, list) or not all(type(i) is int for i in ids):
            return t("rollforadventure.event.dice_returned", locale, **self._shown(game, params, locale))
        looks = seen if isinstance(seen, list) and len(seen) == len(ids) else [None] * len(ids)
        bonus = [k for k, i in enumerate(ids) if words.owner_of(state, i, looks[k]) == "bonus"]
        parts = []
        for key, picked in (("rollforadventure.event.dice_returned", [k for k in range(len(ids)) if k not in bonus]),
                            (BONUS_RETURN_KEYS[words.bonus_home(state)], bonus)):
            if picked:
                part = {"dice": [ids[k] for k in picked]}
                if seen is not None:
                    part["dice_seen"] = [looks[k] for k in picked]
                parts.append(t(key, locale, **self._shown(game, part, locale)))
        return " ".join(parts) or t("rollforadventure.event.dice_returned", locale,
                                    **self._shown(game, params, locale))

    def _shown(self, game: Any, params: dict, locale: str) -> dict[str, Any]:
        """An event's params as words: ids become names, lists become readable."""
        state, names = game.state or {}, seat_names(game)
        shown: dict[str, Any] = {k: words.short(v, 60) for k, v in params.items() if k not in NAMED_PARAMS}
        for name, value in params.items():
            if name in READ_AS:
                shown[name] = READ_AS[name](value, locale)
            elif name == "hero":
                if type(value) is int:
                    shown[name] = words.hero(state, value, names, locale)
                elif "seat" in params:      # a choice: the line names the player already
                    shown[name] = words.hero_name(value, locale)
                else:
                    shown[name] = words.hero_by_id(state, value, names, locale)
            elif name == "die":         # as the event saw it; an event from before it carried that: as now
                shown[name] = words.seen(params.get("die_seen"), locale) or words.die(state, value, locale)
            elif name == "dice":
                shown[name] = self._dice_seen(state, value, params.get("dice_seen"), locale)
            elif name == "values":
                shown[name] = words.values(value)
            elif name == "seat":
                shown["player"] = names[value] if type(value) is int and 0 <= value < len(names) else "?"
                shown[name] = words.short(value)
        return shown

    @staticmethod
    def _dice_seen(state: dict, ids: Any, looks: Any, locale: str) -> str:
        """An event's dice as it saw them (``dice_seen``, one ``[owner, value]`` per id); without that (an
        event stored before events carried it), as they lie now. Every die is named: a line cut at twelve told "14
        dice released" and listed 12."""
        if not isinstance(ids, list):
            return words.short(ids)
        if isinstance(looks, list) and len(looks) == len(ids):
            shown = [words.seen(x, locale) for x in looks]
            if all(shown):
                return ", ".join(shown) if shown else t("rollforadventure.words.none", locale)
        return words.dice(state, ids, locale)

    def hint_text(self, game: Any, seat: int, advice: dict, locale: str) -> str:
        """The reason of ``/rfa hint``: what the team policy's move achieves (``bot.games.rollforadventure.hint``)."""
        key = advice.get("key")
        if not isinstance(key, str) or not key.startswith(self.catalog_prefix) or not has_key(key):
            return ""
        params = dict(advice.get("params") or {})
        shown = self._shown(game, {k: v for k, v in params.items() if k not in ("event", "heroes")}, locale)
        if isinstance(params.get("event"), dict):
            shown["event"] = self.event_line(game, params["event"], locale)
        if isinstance(params.get("heroes"), list):
            state, names = game.state or {}, seat_names(game)
            shown["heroes"] = ", ".join(words.hero(state, h, names, locale) for h in params["heroes"])
        if "owner" in params:               # the die freed, as its button names it
            shown["die"] = words.looks(params["owner"], None, locale)
        if "rewards" in params:             # Ice Cave B lines: each with what it pays when full
            shown["rewards"] = words.ice_rewards(params["rewards"], locale)
        if params.get("hero") in C.HEROES:
            shown["ability"] = t(f"rollforadventure.hero.{params['hero']}.ability", locale)
        return t(key, locale, **shown)

    def decision_text(self, decision: str, locale: str) -> str:
        if decision in DECISIONS:
            return t(f"rollforadventure.decision.{decision}", locale)
        return t("rollforadventure.decision.wait", locale)

    def decision_prompt(self, game: Any, seat: int, decision: str, locale: str) -> str:
        """The Shieldmaiden's question names the attack she would block: the enemy, the territory and what it
        would cost (``flow.shield_stakes``). It read "decide whether the shieldmaiden blocks this attack", and
        only the picture's frame hinted at which, though the once-per-turn shield is spent on one attack only."""
        stakes = shield_stakes(game.state) if decision == "shield" and game.state else None
        if stakes is None:
            return self.decision_text(decision, locale)
        return shield_question(stakes, locale)

    def mover_name(self, game: Any, seat: int, locale: str) -> str:
        """A solo player moves two heroes: the log says which one ("Ben · Healer"), it read "Ben" for both."""
        return words.mover(game.state, seat, player_name(game, seat), locale)

    def status_line(self, game: Any, locale: str) -> str:
        state = game.state
        names = seat_names(game)
        if state["result"] is not None:     # over: the result (a replay's last step read as if play went on)
            return "\n".join(result_lines(state, locale))
        if state.get("decision") and state["decision"].get("kind") == "pick_hero":
            return t("rollforadventure.status.setup", locale, stones=state["stones"], needed=state["stones_needed"])
        damage = t("rollforadventure.alt.list_sep", locale).join(
            t("rollforadventure.status.damage", locale, territory=words.territory(tid, locale),
              skull=state["terr"][tid]["skull"], last=state["terr"][tid]["last"]) for tid in C.TERRITORIES)
        return t("rollforadventure.status.line", locale, turn=state["turn"],
                 hero=words.hero(state, state["active"], names, locale), stones=state["stones"],
                 needed=state["stones_needed"], deck=len(state["deck"]), damage=damage)

    def turn_note(self, game: Any, locale: str) -> str:
        """The full text of what the active hero may do (the picture has a short one), said when the hero's turn
        message appears and in ``/rfa status``: the status line carried it, so the live message read it out
        again after every placement of the turn, and ``/mygames`` and each step of a replay once more."""
        state = game.state
        if not state or state["result"] is not None or (state.get("decision") or {}).get("kind") == "pick_hero":
            return ""
        heroes, active = state.get("heroes") or [], state.get("active")
        hero_id = heroes[active].get("hero") if type(active) is int and 0 <= active < len(heroes) else None
        if hero_id not in C.HEROES:
            return ""
        return t("rollforadventure.status.ability", locale, hero=words.hero_name(hero_id, locale),
                 ability=t(f"rollforadventure.hero.{hero_id}.ability", locale))

    def result_words(self, score: str, won: bool | None, options: dict, locale: str) -> str:
        """Power stones of the ones the adventure needs, and won or lost: the heroes win or lose together, and
        "Best solo game: 0" said neither what 0 counted nor how the game ended."""
        needed = C.ADVENTURES.get(options.get("adventure", OPTION_DEFAULTS["adventure"]))
        if won is None or needed is None:
            return t("rollforadventure.score_unit", locale, score=score)
        key = "rollforadventure.result_won" if won else "rollforadventure.result_lost"
        return t(key, locale, score=score, needed=needed)

    def final_lines(self, game: Any, locale: str) -> list[str]:
        state = game.state
        lines = result_lines(state, locale)
        adventure = state["options"].get("adventure", "book_of_magic")
        lines.append(t("rollforadventure.final.summary", locale, stones=state["stones"],
                       needed=state["stones_needed"], turns=state["turn"],
                       adventure=t(f"rollforadventure.adventure.{adventure}", locale),
                       defeated=KIND.score(state)["defeated"]))
        names = seat_names(game)
        lines.append(t("rollforadventure.final.heroes", locale, heroes=", ".join(
            words.hero(state, i, names, locale) for i in range(len(state["heroes"])))))
        return lines

    # ---- pictures (worker thread), each with its alt text (``alt``)
    def turn_pictures(self, game: Any, mover: int | None, locale: str) -> list[Picture]:
        """The table after every step; once the adventure is over, the result (shown widest) and the table."""
        from images.rollforadventure import render_final

        files = [self.table_picture(game, locale)]
        if game.state["result"] is not None:
            names = picture_names(game)
            files.insert(0, Picture("final.png", render_final(game.state, names, locale),
                                    alt.final_alt(game.state, names, locale)))
        return files

    def live_pictures(self, game: Any, mover: int | None, locale: str) -> list[Picture]:
        """While the adventure runs, the live message carries the compact
        picture a phone can read (whose turn, the throw, each territory's damage, free fields and enemies;
        ~7 KB, uploaded again only when it changed); the whole table stays on the "Table" button. The result
        post keeps the turn pictures (table and result)."""
        if game.status != "active" or game.state["result"] is not None:
            return self.turn_pictures(game, mover, locale)
        from images.rollforadventure.live import live_png, live_view

        view = live_view(game.state, picture_names(game), locale)
        return [Picture("table.png", live_png(view, locale), alt.live_alt(view, locale))]

    def table_picture(self, game: Any, locale: str) -> Picture:
        from images.rollforadventure import render_table

        names = picture_names(game)
        return Picture("table.png", render_table(game.state, names, locale), alt.table_alt(game.state, names, locale))

    # ---- commands
    commands = staticmethod(commands.build)
