"""Which message keys the code can produce, found by reading the source (``python -m tools.i18n_keys``
lists the ones missing from the English catalog).

Keys come from three places:

* literal calls: ``t("key")``, ``cmd_str("key")``, ``Refusal("key")`` in the adapters (found with Babel's
  extractor, the gettext way), and the helpers the rules use to build keys (``ev("name")`` →
  ``rollplayer.name``, ``err("code")`` → ``rules.rollplayer.code``, ``RuleError(code, key)``);
* families written as data: ``state.phase = "x"`` → ``phase.x``, ``{"decision": "x"}`` → ``decision.x``;
* the engine's error classes (``engine.error.<code>``), read by importing ``bot.engine.errors``.

A new producer in another layer is one line in ``CALL_SOURCES`` (or ``FAMILY_SOURCES``); keys built at run
time from other data (rule topics, colours, move types) are listed by the test that checks the catalog.
"""
from __future__ import annotations

import ast
import functools
import importlib
import inspect
import sys
from dataclasses import dataclass
from pathlib import Path

from bot.i18n import catalog

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
BABEL_PATHS: tuple[str, ...] = ("cogs", "bot/app.py", "bot/__main__.py", "bot/config.py", "bot/i18n", "images")
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


def missing_keys(extra: dict[str, str] | None = None, locale: str = "en") -> dict[str, str]:
    have = catalog(locale)
    wanted = dict(used_keys())
    wanted.update(extra or {})
    return {key: where for key, where in sorted(wanted.items()) if key not in have}


def main() -> int:
    missing = missing_keys()
    for key, where in missing.items():
        print(f"{key}\t{where}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
