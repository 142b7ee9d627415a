"""Which message keys the code can produce, found by reading the source, and the catalog check CI runs:
``python -m tools.i18n_keys`` fails (exit 1, one line per defect) when a key the code produces has no English
text, an English key is produced by no code, a translation lacks an English key or has one English does not,
a translation drops or adds a ``{placeholder}``, a translation leaves the language's one voice (German
``du``, French ``vous``, Korean 해요체; :mod:`tools.i18n_voice`), a selector names no known kind
(``{n:plural:…}``, ``{name:gender:…}``), or a Korean text writes a particle pair such as ``을(를)`` after a
literal word instead of after a ``{placeholder}`` (only there does ``t`` resolve it; after a word the
translator writes the right particle); it exits 0 with a one-line summary otherwise.

Keys come from three places:

* literal calls: ``t("key")``, ``cmd_str("key")``, ``Refusal("key")`` in the adapters (found with Babel's
  extractor, the gettext way), and the helpers the rules use to build keys (``ev("name")`` →
  ``rollplayer.name``, ``err("code")`` → ``rules.rollplayer.code``, ``RuleError(code, key)``);
* families written as data: ``state.phase = "x"`` → ``phase.x``, ``{"decision": "x"}`` → ``decision.x``;
* the engine's error classes (``engine.error.<code>``), read by importing ``bot.engine.errors``.

A new producer in another layer is one line in ``CALL_SOURCES`` (or ``FAMILY_SOURCES``); keys built at run
time from other data (rule topics, colours, move types) are listed, family by family, in
:func:`dynamic_keys`.

Only the shipped domains are checked: ``shell``, ``mygames`` and the domain of every game registered in
``cogs/games.py: PRESENTATIONS``. A game still being written has its English catalog before its rules are
registered and before it is translated; ``--all-domains`` checks those too.
"""
from __future__ import annotations

import argparse
import ast
import functools
import importlib
import inspect
import re
import string
import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po

from bot.i18n import catalog
from bot.i18n.korean import stray_pairs
from bot.i18n.messages import DEFAULT_LOCALE, LOCALES_DIR, SELECTORS, placeholders
from tools.i18n_voice import voice_defects

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class CallSource:
    """Calls named ``call`` under ``paths`` whose argument ``arg`` is a string literal ``x`` produce
    ``template.format(x)``."""
    paths: tuple[str, ...]
    call: str
    arg: int = 0
    template: str = "{}"


#: Adapter code marks its keys like gettext messages; Babel's own extractor finds them (as ``pybabel
#: extract -k t -k cmd_str -k Refusal`` would).
BABEL_PATHS: tuple[str, ...] = ("cogs", "bot/app.py", "bot/__main__.py", "bot/config.py", "bot/i18n", "images",
                                 "playground")
BABEL_KEYWORDS = {"t": None, "cmd_str": None, "Refusal": None, "N_": None}

CALL_SOURCES: tuple[CallSource, ...] = (
    CallSource(("bot/games/rollplayer",), "gain", arg=3, template="gold_reason.{}"),
    CallSource(("bot/games/rollplayer",), "ev", template="rollplayer.{}"),
    CallSource(("bot/games/rollplayer",), "err", template="rules.rollplayer.{}"),
    CallSource(("bot/games/rollplayer",), "_fail", template="rules.scoring.{}"),
    CallSource(("bot/games/rollplayer",), "_lookup", arg=2, template="rules.scoring.{}"),
    CallSource(("bot/games/dicepoker",), "ev", template="dicepoker.event.{}"),
    CallSource(("bot/games/dicepoker",), "err", template="dicepoker.error.{}"),
    CallSource(("bot/games/rollforadventure",), "ev", template="rollforadventure.{}"),
    CallSource(("bot/games",), "RuleError", arg=1),
    CallSource(("images",), "label"),
)


def _py_files(paths: tuple[str, ...]) -> list[Path]:
    files: list[Path] = []
    for rel in paths:
        path = ROOT / rel
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files.extend(sorted(path.rglob("*.py")))
    return files


def _call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _literal(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _trees(paths: tuple[str, ...]):
    for path in _py_files(paths):
        yield path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


@functools.cache
def call_keys() -> dict[str, str]:
    """key -> "file:line" of one place producing it."""
    found: dict[str, str] = {}
    for source in CALL_SOURCES:
        for path, tree in _trees(source.paths):
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call) or _call_name(node) != source.call:
                    continue
                arg = node.args[source.arg] if len(node.args) > source.arg else None
                if source.call == "RuleError":
                    key = _literal(arg) or _literal(next((k.value for k in node.keywords if k.arg == "key"),
                                                         None))
                    if key is None and node.args and _literal(node.args[0]):
                        key = f"rules.error.{_literal(node.args[0])}"
                    value = key
                else:
                    value = _literal(arg)
                    value = source.template.format(value) if value is not None else None
                if value is not None:
                    found.setdefault(value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


@functools.cache
def babel_keys() -> dict[str, str]:
    from babel.messages.extract import extract_from_file

    found: dict[str, str] = {}
    for path in _py_files(BABEL_PATHS):
        for lineno, message, _comments, _context in extract_from_file(
                "python", str(path), keywords=BABEL_KEYWORDS, comment_tags=(), strip_comment_tags=True):
            key = message[0] if isinstance(message, tuple) else message
            if key:
                found.setdefault(key, f"{path.relative_to(ROOT)}:{lineno}")
    return found


#: Calls whose first argument is a message key, in the adapters and the pictures.
KEY_CALLS = ("t", "label", "first_label", "cmd_str", "Refusal", "N_", "has_label", "has_key")
KEY_CALL_PATHS: tuple[str, ...] = ("cogs", "images", "bot/app.py", "bot/i18n")
#: Where a key written as data (a literal or an f-string family) counts as used: the adapters, the pictures and
#: the rules (events and errors built as ``{"key": f"game.event.{name}"}``) and the engine's turn book (the log lines
#: it adds: a move played for an idle player, a move taken back).
MENTION_PATHS: tuple[str, ...] = (*KEY_CALL_PATHS, "bot/games", "bot/engine/turn.py")


def _key_args(node: ast.AST):
    """The expressions a key argument may evaluate to: both branches of ``a if c else b``, the items of a
    list of candidate keys."""
    if isinstance(node, ast.IfExp):
        yield from _key_args(node.body)
        yield from _key_args(node.orelse)
    elif isinstance(node, (ast.List, ast.Tuple)):
        for item in node.elts:
            yield from _key_args(item)
    else:
        yield node


def _pattern(node: ast.JoinedStr) -> str | None:
    """``f"img.type.{x}"`` -> the regex of the keys it can produce (each ``{}`` one key segment); None when
    the f-string does not start with a literal segment (it could be any key)."""
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant):
            parts.append(re.escape(str(value.value)))
        else:
            parts.append(r"[A-Za-z0-9_]+")
    first = node.values[0] if node.values else None
    if not (isinstance(first, ast.Constant) and "." in str(first.value)):
        return None
    return "".join(parts)


@functools.cache
def pattern_keys() -> tuple[dict[str, str], dict[str, str]]:
    """Keys the adapters and pictures name as literals in a branch (``t("a" if c else "b")``) and the key
    families their f-strings build (``label(f"img.attr.{attr}")``): (key -> where, regex -> where)."""
    literals: dict[str, str] = {}
    patterns: dict[str, str] = {}
    for path, tree in _trees(MENTION_PATHS):
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr) and (regex := _pattern(node)):
                patterns.setdefault(regex, f"{path.relative_to(ROOT)}:{node.lineno}")
    for path, tree in _trees(KEY_CALL_PATHS):
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or _call_name(node) not in KEY_CALLS or not node.args:
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            for arg in _key_args(node.args[0]):
                if _literal(arg):
                    literals.setdefault(arg.value, where)
    return literals, patterns


@functools.cache
def mentioned_literals() -> dict[str, str]:
    """Every dotted string literal in the adapters and pictures: a key kept in data (``("img.sheet.gold",
    icon)``, ``describe["players"] = "cmd.new.players"``) and looked up later. Only used to tell whether an
    English key is used (a literal that is no key is no defect)."""
    found: dict[str, str] = {}
    for path, tree in _trees(MENTION_PATHS):
        for node in ast.walk(tree):
            value = _literal(node)
            if value and "." in value and " " not in value:
                found.setdefault(value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


@functools.cache
def family_keys() -> dict[str, str]:
    """Phases assigned in the rules and decisions they report as pending."""
    found: dict[str, str] = {}
    for path, tree in _trees(("bot/games/rollplayer",)):
        where = str(path.relative_to(ROOT))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and _literal(node.value):
                for target in node.targets:
                    if isinstance(target, ast.Attribute) and target.attr == "phase":
                        found.setdefault(f"phase.{node.value.value}", f"{where}:{node.lineno}")
            if isinstance(node, ast.Dict):
                pairs = {_literal(k): v for k, v in zip(node.keys, node.values) if _literal(k)}
                if _literal(pairs.get("decision")):
                    found.setdefault(f"decision.{pairs['decision'].value}", f"{where}:{node.lineno}")
                if "seat" in pairs and _literal(pairs.get("kind")):      # nested decisions (state.sub)
                    found.setdefault(f"decision.{pairs['kind'].value}", f"{where}:{node.lineno}")
            named = isinstance(node, ast.Assign) and any(
                isinstance(tg, ast.Name) and tg.id == "_DICE_DECISIONS" for tg in node.targets)
            if named and isinstance(node.value, ast.Dict):
                for value in node.value.values:
                    if _literal(value):
                        found.setdefault(f"decision.{value.value}", f"{where}:{node.lineno}")
    return found


def engine_error_keys() -> dict[str, str]:
    try:
        errors = importlib.import_module("bot.engine.errors")
    except ImportError:
        return {}
    found = {}
    for _, cls in inspect.getmembers(errors, inspect.isclass):
        if issubclass(cls, errors.EngineError):
            found[f"engine.error.{cls.code}"] = f"bot/engine/errors.py:{cls.__name__}"
    return found


def used_keys() -> dict[str, str]:
    keys: dict[str, str] = {}
    keys.update(engine_error_keys())
    keys.update(family_keys())
    keys.update(call_keys())
    keys.update(babel_keys())
    return keys


def dynamic_keys() -> dict[str, str]:
    """Keys the adapters build from data at run time (f-strings), family by family."""
    from bot.config import REQUIRED_CHANNEL_PERMISSIONS
    from bot.engine.records import NOTIFY_MODES
    from bot.games.rollplayer.content import ATTRS, COLOURS
    from bot.games.rollplayer.moves import MOVE_TYPES
    from bot.games.rollplayer.scoring import SOLO_RATING_FLOOR, SOLO_RATINGS
    from cogs.core import CHECK_FAILURE_KEYS, USER_PERMISSIONS
    from cogs.games import PRESENTATIONS, load_presentation
    from cogs.help import help_commands, help_key, topic_key
    from cogs.rollplayer import PRESENTATION
    from cogs.rollplayer.describe import move_key
    from cogs.rollplayer.presentation import VARIANT_OPTIONS

    keys: list[str] = []
    for spec in PRESENTATIONS:        # every registered game's help lines and rules topics
        shown = load_presentation(spec)
        keys += [topic_key(shown, n, part) for n in shown.rules_topics for part in ("title", "text")]
        keys += [help_key(shown, name) for name in help_commands(shown)]
    keys += [f"permission.{p}" for p in REQUIRED_CHANNEL_PERMISSIONS + USER_PERMISSIONS]
    keys += list(CHECK_FAILURE_KEYS.values())
    keys += [f"colour.{c}" for c in COLOURS] + [f"attr.{a}" for a in ATTRS]
    keys += [f"movetype.{m}" for m in MOVE_TYPES] + [f"movetype.action.{a}" for a in ATTRS]
    samples = [{"type": m} for m in MOVE_TYPES if m != "action"]
    samples += [{"type": "action", "action": a} for a in ATTRS] + [
        {"type": "take_gold", "card": "x"}, {"type": "second_swap", "skip": True},
        {"type": "open_lock", "buy": True},
        {"type": "refresh", "cards": []}, {"type": "power", "power": "attuned", "card": None},
        {"type": "power", "power": "attuned", "card": "x"}, {"type": "skill", "decline": True}]
    keys += [move_key(m) for m in samples] + ["move.with_tokens", "move.no_arrow_suffix"]
    keys += [f"option.{o}" for o in VARIANT_OPTIONS + ("promo_sheets", "cursed_ring")]
    keys += [f"option.{o}.describe" for o in VARIANT_OPTIONS + ("promos",)]
    keys += [f"button.{b}" for b in ("join", "leave", "start", "cancel", "addbot", "dropbot", "my_moves",
                                     "my_sheet", "table")]
    keys += [f"status.{s}" for s in ("lobby", "active", "finished", "abandoned")]
    keys += [f"lobby.{a}_note" for a in ("join", "leave", "start", "cancel", "addbot", "dropbot")]
    # cogs.lobby.BOT_ADDED_LINE, the line that names the bot added; "lobby.addbot_note" above draws the lines
    # stored before it
    keys += ["lobby.addbot_named_note"]
    keys += [f"rules.solo.rating.{name}" for _, name in SOLO_RATINGS]
    keys += [f"rules.solo.rating.{SOLO_RATING_FLOOR}"]
    keys += [f"field.{f}" for f in PRESENTATION.narrow_fields]
    keys += [f"direction.{d}" for d in ("up", "down", "left", "right")]
    keys += [f"enemy_where.{w}" for w in ("left", "middle", "right")]
    keys += ["keep.new", "keep.old", "gender.male", "gender.female", "decision.unknown", "phase.unknown",
             "event.unknown", "op.adjust_1", "op.flip"]
    keys += [f"language.{code}" for code in shipped_locales()]
    keys += [f"notify.how.{mode}" for mode in NOTIFY_MODES]
    keys += [f"notify.error.{code}" for code in ("unknown_field", "bad_notify", "bad_quiet_hours", "unknown_zone")]
    return {key: "dynamic" for key in keys}


def shipped_locales(root: Path = LOCALES_DIR) -> list[str]:
    """The languages the bot ships (English first), read from the locale folders."""
    found = sorted(p.name for p in root.iterdir() if (p / "LC_MESSAGES").is_dir() and any(
        (p / "LC_MESSAGES").glob("*.po")))
    return sorted(found, key=lambda code: code != DEFAULT_LOCALE)


def registered_domains() -> list[str]:
    """``shell``, the shell's feature domains (``mygames``, ``notify``, ``daily``, ``ratings``, ``away``,
    ``find``, ``handover``) and the domain of every registered game (a game's domain is its kind name)."""
    from cogs.games import PRESENTATIONS, load_presentation

    return ["shell", "mygames", "notify", "daily", "ratings", "away", "find", "handover",
            *(load_presentation(spec).kind for spec in PRESENTATIONS)]


def read_domain(root: Path, locale: str, domain: str) -> dict[str, str] | None:
    """Key -> text of one ``.po`` file straight from disk (None when the file does not exist). An empty
    translation counts as absent: at run time it falls back to English."""
    path = root / locale / "LC_MESSAGES" / f"{domain}.po"
    if not path.is_file():
        return None
    with path.open("rb") as fh:
        return {m.id: m.string for m in read_po(fh, locale=locale) if m.id and isinstance(m.id, str) and m.string}


def missing_keys(extra: dict[str, str] | None = None, locale: str = "en") -> dict[str, str]:
    have = catalog(locale)
    wanted = dict(used_keys())
    wanted.update(extra or {})
    return {key: where for key, where in sorted(wanted.items()) if key not in have}


def check(root: Path = LOCALES_DIR, domains: list[str] | None = None) -> tuple[list[str], str]:
    """Every defect of the catalogs under ``root`` (one line each) and a one-line summary."""
    domains = domains if domains is not None else registered_domains()
    locales = shipped_locales(root)
    english: dict[str, str] = {}
    defects: list[str] = []
    for domain in domains:
        texts = read_domain(root, DEFAULT_LOCALE, domain)
        if texts is None:
            defects.append(f"en/{domain}.po: missing (the English catalog of a checked domain)")
        english.update(texts or {})
        defects += grammar_defects(texts or {}, DEFAULT_LOCALE, f"{DEFAULT_LOCALE}/{domain}.po")
    produced = {**dynamic_keys(), **used_keys()}
    for key, where in sorted(produced.items()):
        if key not in english and not any(key in (read_domain(root, DEFAULT_LOCALE, d) or {})
                                          for d in _all_domains(root)):
            defects.append(f"en: no text for {key} (produced at {where})")
    literals, patterns = pattern_keys()
    produced.update(literals)
    families = re.compile("|".join(f"(?:{p})" for p in patterns) or "(?!)")
    mentioned = mentioned_literals()
    for key in sorted(set(english) - set(produced)):
        if key in mentioned or families.fullmatch(key):
            continue
        defects.append(f"en: {key} is not produced by the code (unused)")
    for locale in locales:
        if locale == DEFAULT_LOCALE:
            continue
        for domain in domains:
            source = read_domain(root, DEFAULT_LOCALE, domain) or {}
            texts = read_domain(root, locale, domain)
            if texts is None:
                defects.append(f"{locale}/{domain}.po: missing ({len(source)} keys untranslated)")
                continue
            for key in sorted(set(source) - set(texts)):
                defects.append(f"{locale}/{domain}.po: lacks {key}")
            for key in sorted(set(texts) - set(source)):
                defects.append(f"{locale}/{domain}.po: has {key}, which English does not (unused)")
            for key in sorted(set(texts) & set(source)):
                want, got = placeholders(source[key]), placeholders(texts[key])
                if want - got:
                    defects.append(f"{locale}/{domain}.po: {key} drops {_braced(want - got)}")
                if got - want:
                    defects.append(f"{locale}/{domain}.po: {key} adds {_braced(got - want)}")
            defects += voice_defects(texts, locale, f"{locale}/{domain}.po")
            defects += grammar_defects(texts, locale, f"{locale}/{domain}.po")
    summary = (f"i18n keys: {len(english)} English keys in {', '.join(domains)}; {len(produced)} produced by the "
               f"code; locales {', '.join(locales)}; {len(defects)} defect(s)")
    return defects, summary


_FORMATTER = string.Formatter()


def grammar_defects(texts: dict[str, str], locale: str, where: str) -> list[str]:
    """A selector of unknown kind (``{n:plurals:…}`` would show the raw text) and, in Korean, a particle pair
    written after a literal word (left as it is at run time)."""
    defects = []
    for key in sorted(texts):
        try:
            fields = [(name, spec) for _, name, spec, _ in _FORMATTER.parse(texts[key]) if name is not None]
        except ValueError:
            defects.append(f"{where}: {key} is not a valid format string")
            continue
        for name, spec in fields:
            kind, colon, _ = (spec or "").partition(":")
            if len(kind) > 1 and kind.isalpha() and (kind not in SELECTORS or not colon):
                defects.append(f"{where}: {key} has {{{name}:{spec}}}: not a selector (write "
                               + " or ".join(f"{{{name}:{known}:…|…}}" for known in SELECTORS) + ")")
        if locale.split("_")[0] == "ko":
            for pair in stray_pairs(texts[key]):
                defects.append(f"{where}: {key} writes {pair} after a literal word: write the particle that "
                               f"fits it (a pair is resolved only after a {{placeholder}})")
    return defects


def _all_domains(root: Path) -> list[str]:
    folder = root / DEFAULT_LOCALE / "LC_MESSAGES"
    return sorted(p.stem for p in folder.glob("*.po"))


def _braced(names: set[str]) -> str:
    return ", ".join("{" + n + "}" for n in sorted(names))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.i18n_keys",
        description="Check the message catalogs against the code and against English: every produced key has "
                    "English text, every English key is produced, every translation has exactly the English "
                    "keys and placeholders, in the language's one voice (du / vous / 해요체), with known selectors "
                    "({n:plural:…}, {name:gender:…}) and Korean particle pairs only after a placeholder. Exit 1 "
                    "listing the defects, 0 otherwise.")
    parser.add_argument("--locales-dir", type=Path, default=LOCALES_DIR,
                        help="the folder holding <lang>/LC_MESSAGES/<domain>.po (default: the bot's own)")
    parser.add_argument("--all-domains", action="store_true",
                        help="also check the catalogs of games not registered yet (default: shell and the "
                             "registered games)")
    args = parser.parse_args(argv)
    domains = _all_domains(args.locales_dir) if args.all_domains else None
    defects, summary = check(args.locales_dir, domains)
    for line in defects:
        print(line)
    print(summary)
    return 1 if defects else 0


if __name__ == "__main__":
    sys.exit(main())
