"""The ``Repository`` protocol is the whole of what ``SessionManager`` asks of its store: every use of
``self.store`` in sessions.py calls one of its methods, and ``Store`` implements each with the same signature.
Whatever else the shell needs from the store it calls on ``sessions.store`` itself, so the seam cannot drift."""
from __future__ import annotations

import ast
import inspect

import bot.engine.sessions as sessions_module
from bot.engine.store import Repository, Store

MEMBERS = {name for name, value in vars(Repository).items() if inspect.isfunction(value) and not name.startswith("_")}


def store_uses() -> list[tuple[int, str | None]]:
    """(line, the member read from ``self.store``, or None for any other use of it) across sessions.py."""
    tree = ast.parse(inspect.getsource(sessions_module))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    uses = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "store" and isinstance(node.value, ast.Name) \
                and node.value.id == "self":
            parent = parents[node]
            if isinstance(parent, ast.Attribute):
                uses.append((node.lineno, parent.attr))
            elif not (isinstance(parent, ast.Assign) and node in parent.targets):
                uses.append((node.lineno, None))
    return uses


def test_the_session_manager_calls_only_the_protocol():
    uses = store_uses()
    assert uses, "sessions.py no longer uses self.store: this test reads the wrong file"
    outside = [(line, name) for line, name in uses if name not in MEMBERS]
    assert outside == [], f"SessionManager uses its store outside the Repository protocol: {outside}"


def test_the_protocol_has_no_member_the_session_manager_does_not_need():
    assert MEMBERS == {name for _, name in store_uses()}


def test_the_store_implements_the_protocol_as_declared():
    for name in sorted(MEMBERS):
        assert inspect.signature(getattr(Store, name)) == inspect.signature(getattr(Repository, name)), name
