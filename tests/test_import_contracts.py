"""The layer contracts CI checks (``.importlinter``): they hold, they fail when broken, and every game package
is covered."""
from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "cogs", "images", "playground", "tools")


def _lint(where: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(where))
    return subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command; "
                                                  "lint_imports_command()"],
                          cwd=where, env=env, capture_output=True, text=True, timeout=240, check=False)


def _copy(tmp_path: Path) -> Path:
    for name in PACKAGES:
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", "*.ttf",
                                                                                   "*.png", "*.json", "*.po"))
    shutil.copy(ROOT / ".importlinter", tmp_path / ".importlinter")
    return tmp_path


def test_contracts_hold_and_a_broken_one_fails(tmp_path):
    copy = _copy(tmp_path)
    kept = _lint(copy)
    assert kept.returncode == 0, kept.stdout + kept.stderr
    assert "0 broken" in kept.stdout
    # the shared lobby reaching into Roll Player: exactly what the shell must never do
    lobby = copy / "cogs" / "lobby.py"
    lobby.write_text(lobby.read_text() + "\nfrom bot.games.rollplayer import kind as _leak  # noqa\n")
    broken = _lint(copy)
    assert broken.returncode == 1, broken.stdout
    assert "BROKEN" in broken.stdout and "cogs.lobby -> bot.games.rollplayer" in broken.stdout


def test_every_game_package_is_forbidden_to_the_shell():
    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter")
    forbidden = set(config["importlinter:contract:shell-knows-no-game"]["forbidden_modules"].split())
    games = {p.name for p in (ROOT / "bot" / "games").iterdir() if (p / "__init__.py").is_file()}
    assert games, "no game packages found"
    for game in games:
        for layer in ("bot.games", "cogs", "images"):
            if (ROOT / Path(*layer.split(".")) / game).is_dir():
                assert f"{layer}.{game}" in forbidden, f"add {layer}.{game} to .importlinter"
    shell = set(config["importlinter:contract:shell-knows-no-game"]["source_modules"].split())
    top_level_cogs = {f"cogs.{p.stem}" for p in (ROOT / "cogs").glob("*.py") if p.stem != "__init__"}
    assert top_level_cogs <= shell, f"list every shared cog in .importlinter: {sorted(top_level_cogs - shell)}"
