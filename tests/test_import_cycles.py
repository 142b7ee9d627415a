"""No import cycles between the product's modules (bot, cogs, images), read from their source with function-level
imports counted (``tools/import_cycles.py``): a circle hidden inside a function still fails, named."""
from __future__ import annotations

import textwrap
from pathlib import Path

from tools.import_cycles import PRODUCT, cycles, describe, graph, main

ROOT = Path(__file__).resolve().parents[1]


def test_no_import_cycles_in_the_product():
    found = cycles(graph(ROOT))
    assert not found, "import cycles (move the shared piece down a layer):\n" + describe(found)


def test_the_graph_sees_function_level_and_relative_imports():
    edges = graph(ROOT)
    # a function-level import of a module (cogs/rollplayer/presentation.py draws with images.rollplayer)
    assert "images.rollplayer" in edges["cogs.rollplayer.presentation"]
    # "from . import words" names the module images.rollforadventure.words
    assert "images.rollforadventure.words" in edges["images.rollforadventure.table"]
    assert set(PRODUCT) <= {name.split(".")[0] for name in edges}


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def test_a_planted_cycle_fails_and_is_named(tmp_path, capsys):
    _write(tmp_path, {
        "bot/__init__.py": "",
        "bot/low.py": "X = 1\n",
        "bot/a.py": "from bot.low import X\n",
        "cogs/__init__.py": "",
        "cogs/b.py": "from bot import a\n",
        "images/__init__.py": "",
        "images/c.py": "import images.d\n",
        "images/d.py": "",
    })
    assert cycles(graph(tmp_path)) == []
    assert main([str(tmp_path)]) == 0
    # the circle hides in a function, as the four removed ones did
    _write(tmp_path, {"bot/low.py": """\
        X = 1

        def later():
            from ..cogs import b  # noqa
            from cogs.b import something  # noqa
        """})
    found = cycles(graph(tmp_path))
    assert found == [["bot.a", "bot.low", "cogs.b", "bot.a"]]
    assert main([str(tmp_path)]) == 1
    assert "bot.a -> bot.low -> cogs.b -> bot.a" in capsys.readouterr().out


def test_a_module_importing_itself_and_two_separate_cycles(tmp_path):
    _write(tmp_path, {
        "bot/__init__.py": "",
        "bot/me.py": "from . import me\n",
        "cogs/__init__.py": "",
        "cogs/x.py": "from .y import f\n",
        "cogs/y.py": "def f():\n    from cogs import x\n",
        "images/__init__.py": "",
    })
    assert cycles(graph(tmp_path)) == [["bot.me", "bot.me"], ["cogs.x", "cogs.y", "cogs.x"]]
