"""``/poker keep dice:1,3,5`` and ``/poker reroll dice:2,4``: the reroll typed instead of clicked.

Both name the same move (``{"type": "reroll", "keep": [...]}``) through the shell's :class:`TypedMoves`, so
the checks and the post are those of a click. The dice are positions 1–5 as the toggles show them; any
spelling ("1,3,5", "1 3 5", "135", "all", "none", or a language's words for these: "alle", "aucun", ...)
becomes the one token the presentation gives a keep. The option is named in each language (``würfel:``).
"""
from __future__ import annotations

import functools
import re

from bot.i18n import N_, available_locales, t
from cogs.translator import cmd_str
from cogs.typed import MoveSpec, Opt, TypedMoves
from cogs.usertext import cut, is_number, meant

N_DICE = 5
#: a value that names no dice is refused with how to write them (the shell's refusal pointed to the values the
#: command offers, and ``reroll`` offers none); so is an empty one (the option is required: "leave it out"
#: could not be done)
KEEP = MoveSpec(("reroll",), (Opt("dice", ("keep",), about="dicepoker.cmd.opt.keep",
                                  refusal=N_("dicepoker.cmd.refused.keep"), blank=N_("dicepoker.cmd.blank.keep")),))
#: the same move named by the dice thrown again (no autocomplete: it would offer the kept ones)
REROLL = MoveSpec(("reroll",), (Opt("dice", ("keep",), about="dicepoker.cmd.opt.reroll",
                                    refusal=N_("dicepoker.cmd.refused.reroll"),
                                    blank=N_("dicepoker.cmd.blank.reroll")),))
WORDS = {"all": set(range(1, N_DICE + 1)), "none": set(), "-": set(), "0": set()}
#: the keywords as each language writes them (its help and option texts name them): any is understood
WORD_KEYS = {"all": "dicepoker.word.all", "none": "dicepoker.word.none"}
#: longest text worth parsing as positions (anything longer is refused as it is, shortened)
INPUT_LIMIT = 40


def parse_positions(text: str) -> set[int] | None:
    """Positions 1–5 from what a player typed, or None when it is not a set of positions. Read as the player
    meant it (``cogs.usertext.meant``: a full-width "２" or a circled "②" is 2, an invisible mark is dropped);
    digits are ASCII ones only ("²" passed ``isdigit`` and crashed ``int``)."""
    if len(text.strip()) > INPUT_LIMIT:
        return None
    folded = meant(text).casefold()
    words = keywords()
    if folded in words:
        return set(WORDS[words[folded]])
    digits = re.sub(r"[\s,;/+]+", "", folded)
    if not is_number(digits) or len(set(digits)) != len(digits):
        return None
    found = {int(c) for c in digits}
    return found if found <= WORDS["all"] else None


@functools.cache
def keywords() -> dict[str, str]:
    """Every spelling of ``all`` and ``none`` (English and each shipped language's word, case-folded) -> the
    English word."""
    found = {word: word for word in WORDS}
    for locale in available_locales():
        for word, key in WORD_KEYS.items():
            found.setdefault(t(key, locale).strip().casefold(), word)
    return found


def token(kept: set[int]) -> str:
    return ",".join(str(p) for p in sorted(kept)) if kept else "none"


def keep_value(text: str) -> str:
    kept = parse_positions(text)
    return cut(text, INPUT_LIMIT) if kept is None else token(kept)      # refused: shortened to show, with "…"


def reroll_value(text: str) -> str:
    rerolled = parse_positions(text)
    return cut(text, INPUT_LIMIT) if rerolled is None else token(WORDS["all"] - rerolled)


def build(typed: TypedMoves) -> list:
    rename = {"dice": cmd_str("dicepoker.cmd.opt.dice.name")}
    return [typed.command("dicepoker.cmd.keep.name", "dicepoker.cmd.keep.description", KEEP, convert=keep_value,
                          rename=rename),
            typed.command("dicepoker.cmd.reroll.name", "dicepoker.cmd.reroll.description", REROLL,
                          convert=reroll_value, rename=rename, complete=False)]
