"""The repository stands alone: a clone on any machine has everything its tests, tools and benchmarks read.

Every file of the checkout (tracked, or new and not ignored; binary files aside) is scanned for

* **machine paths**: absolute paths into the top-level folders where a machine keeps checkouts, users and
  scratch files (work, home, root, Users, mnt, tmp), paths from a user's home (tilde-slash), the folder
  this checkout lies in and the home folder of whoever runs the tests, whatever they are called;
* **reaching out of the repository**: a relative path that climbs above the repository root from the file
  that names it; any relative path up into the team's shared or seeds folders (they lie beside a workplace
  checkout, never beside a clone); ``Path(__file__)`` parents or ``os.path.dirname`` chains that climb above
  the root; the parent of a repository-root variable.

System locations the bot or CI really use (``/usr/bin/env``, ``/usr/lib/postgresql``, ``/var/lib/rollbot``),
URLs and API routes (``/api/v10``) are not machine paths and pass. ``ALLOWED`` lists the exceptions, each
with its reason; an entry that no longer matches anything fails too, so the list stays small.
"""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: (file, text on the line) -> why that line may name it. Keep it short; every entry must still be needed.
ALLOWED: dict[tuple[str, str], str] = {}

_MACHINE_ROOTS = ("work", "home", "root", "Users", "mnt", "tmp")
_URL = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]*://\S*")
_MACHINE = re.compile(r"(?<![\w.~$/\\-])/(?:" + "|".join(_MACHINE_ROOTS) + r")(?=/|\b)|(?<![\w.$/\\-])~(?=/)")
_TEAM_FOLDER = re.compile(r"(?:\.\./)+(?:shared|seeds)\b")
_RELATIVE_UP = re.compile(r"(?<![\w.])((?:\.\./)+)")
_FILE_CHAIN = re.compile(r"Path\(__file__\)((?:\.resolve\(\)|\.absolute\(\)|\.parent\b|\.parents\[\d+\])*)")
_DIRNAME_CHAIN = re.compile(r"((?:(?:os\.path\.)?dirname\()+)(?:(?:os\.path\.)?(?:abspath|realpath)\()?__file__")
_ROOT_PARENT = re.compile(r"\b(?:ROOT|REPO|REPO_ROOT)\.parents?\b")
_SKIP_DIRS = {".git", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis", "build", "out", "gallery",
              ".venv", "venv", "node_modules"}


def repository_files(root: Path) -> list[str]:
    """The checkout's files as paths relative to ``root``: git's list, else every file of the tree."""
    try:
        out = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             capture_output=True, check=True, timeout=60).stdout.decode()
        return sorted({p for p in out.split("\0") if p and (root / p).is_file()})
    except (OSError, subprocess.SubprocessError):
        files = []
        for folder, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if d not in _SKIP_DIRS and not d.endswith(".egg-info")]
            files += [str((Path(folder) / n).relative_to(root)) for n in names]
        return sorted(files)


def _climb(chain: str) -> int:
    """How many folders up from the file a ``Path(__file__)`` chain ends (1 = the file's own folder)."""
    return (len(re.findall(r"\.parent\b", chain))
            + sum(int(n) + 1 for n in re.findall(r"\.parents\[(\d+)\]", chain)))


def _here_roots(root: Path) -> list[str]:
    """This machine's own folders: the one the checkout lies in and the home folder (when not just '/')."""
    out = []
    for folder in (root.resolve().parent, Path.home()):
        text = str(folder).rstrip("/")
        if text.count("/") >= 1 and text not in ("", "/"):
            out.append(text + "/")
    return out


def line_findings(rel: str, line: str, here: list[str]) -> list[str]:
    """What is wrong with one line of the file ``rel`` (empty when nothing)."""
    found = []
    text = _URL.sub(" ", line)
    depth = len(Path(rel).parts)                        # folders up from the file to the repository root
    for m in _MACHINE.finditer(text):
        found.append(f"machine path {text[m.start():m.start() + 40].split()[0]!r}")
    found += [f"this machine's folder {h!r}" for h in here if h in text]
    found += [f"the team folder beside the repository {m.group(0)!r}" for m in _TEAM_FOLDER.finditer(text)]
    for m in _RELATIVE_UP.finditer(text):
        if m.group(1).count("../") > depth - 1:
            found.append(f"relative path {text[m.start():m.end() + 30].split()[0]!r} climbs out of the repository")
    for m in _FILE_CHAIN.finditer(line):
        if _climb(m.group(1)) > depth:
            found.append(f"{m.group(0)!r} climbs {_climb(m.group(1))} folders from {depth} deep")
    for m in _DIRNAME_CHAIN.finditer(line):
        if m.group(1).count("dirname") > depth:
            found.append(f"os.path.dirname chain climbs {m.group(1).count('dirname')} folders from {depth} deep")
    found += [f"parent of the repository root {m.group(0)!r}" for m in _ROOT_PARENT.finditer(line)]
    return found


def violations(root: Path, files: list[str], allowed: dict[tuple[str, str], str] | None = None):
    """(findings as "file:line: what", allow-list entries that matched nothing)."""
    allowed = ALLOWED if allowed is None else allowed
    here = _here_roots(root)
    out, used = [], set()
    for rel in files:
        data = (root / rel).read_bytes()
        if b"\0" in data[:8192]:
            continue                                    # binary (fonts, pictures)
        for no, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            findings = line_findings(rel, line, here)
            if not findings:
                continue
            entry = next((key for key in allowed if key[0] == rel and key[1] in line), None)
            if entry:
                used.add(entry)
                continue
            out += [f"{rel}:{no}: {f}" for f in findings]
    return out, sorted(set(allowed) - used)


def test_no_file_names_a_machine_path_or_reaches_out_of_the_repository():
    files = repository_files(ROOT)
    assert len(files) > 100 and "tests/test_standalone.py" in files
    found, stale = violations(ROOT, files)
    assert not found, "the repository must stand alone:\n" + "\n".join(found)
    assert not stale, f"allow-list entries that match nothing any more: {stale}"


#: The samples below are written with these stand-ins and spelled out only in the planted files, so this file
#: itself names no machine path and climbs out of nothing (it needs no entry in the allow-list).
_SPELLED = {"<ABS>": "/", "<UP>": "../", "<HOME>": "~", "<FILE>": "Path(__file__)", "<DIRNAME>": "dirname(",
            "<ROOT>": "ROOT"}


def spelled(text: str) -> str:
    for token, meant in _SPELLED.items():
        text = text.replace(token, meant)
    return text


def _planted(tmp_path: Path, files: dict[str, str]) -> tuple[list[str], list]:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(spelled(text), encoding="utf-8")
    return violations(tmp_path, repository_files(tmp_path), {})


BAD = {  # each a file that must be caught: (where it lies, its one line)
    "absolute spec folder": ("tests/games/kit.py", 'SPEC = Path("<ABS>work<ABS>shared/content/dicepoker")'),
    "home folder": ("docs/howto.md", "clone into <ABS>home<ABS>ann/rollbot and run it"),
    "user's tilde": ("tools/x.py", 'open(os.path.expanduser("<HOME>/.rollbot"))'),
    "scratch file": ("tests/e2e/test_x.py", "# keep the pictures: ROLLBOT_PICTURES=<ABS>tmp<ABS>x"),
    "spec beside the repo": ("tests/kit.py", 'SPEC = HERE / "<UP>shared/content"'),
    "seed beside the spec": ("bot/games/g/data/x.json", '{"_doc": "Seed = <UP><UP>seeds/003.txt"}'),
    "relative climb": ("tools/run.sh", "cat <UP><UP>notes.txt"),
    "parents above the root": ("tests/games/dp/kit.py", "D = <FILE>.resolve().parents[3].parent"),
    "parent chain above the root": ("benchmarks/b.py", "X = <FILE>.parent.parent.parent"),
    "dirname chain": ("tools/t.py", "X = <DIRNAME><DIRNAME>os.path.<DIRNAME>os.path.abspath(__file__))))"),
    "root's parent": ("tests/conftest.py", "SPEC = <ROOT>.parent / 'shared'"),
}
GOOD = {  # files that must pass
    ".ci/run": "#!<ABS>usr/bin/env bash\ncompgen -G '<ABS>usr/lib/postgresql/*/bin/initdb'\nPG=\"$(mktemp -d)\"",
    "deploy/README.md": "The database: `<ABS>var/lib/rollbot/rollbot.db`; https://example.org<ABS>home<ABS>tmp<ABS>work",
    "tests/discord_stub/rest.py": 'API = "<ABS>api/v10"\nROUTE = "<ABS>users/@me/channels"\nssh://host<ABS>root<ABS>x',
    "tests/engine/helpers.py": "REPO = <FILE>.resolve().parents[2]\nX = <FILE>.parent.parent",
    "bot/games/rollplayer/data/README.md": "The only reader of these files is `<UP>content.py`.",
    "tests/images/dicepoker/t.py": "sys.path.insert(0, str(<FILE>.resolve().parents[2] / 'games'))",
    "bot/x.py": "folder = tempfile.mkdtemp()  # on a <ABS>tmpfs mount",
}


@pytest.mark.parametrize("name", list(BAD))
def test_the_check_finds_a_planted_violation(tmp_path, name):
    rel, text = BAD[name]
    found, _ = _planted(tmp_path, {rel: text + "\n", "README.md": "fine\n"})
    assert found and all(f.startswith(f"{rel}:1: ") for f in found), found


def test_the_check_lets_legitimate_paths_pass(tmp_path):
    found, _ = _planted(tmp_path, {rel: text + "\n" for rel, text in GOOD.items()})
    assert found == []


def test_the_allow_list_excuses_exactly_its_lines(tmp_path):
    line = spelled("X = <ABS>tmp<ABS>rollbot.sock\n")
    (tmp_path / "a.py").write_text(line + line.replace("rollbot", "other"), encoding="utf-8")
    found, stale = violations(tmp_path, ["a.py"], {("a.py", "rollbot.sock"): "reason",
                                                   ("a.py", "gone"): "reason"})
    assert [f.split(":")[1] for f in found] == ["2"] and stale == [("a.py", "gone")]


def test_this_machines_own_folders_are_found_whatever_their_name(tmp_path):
    (tmp_path / "a.md").write_text(f"see {tmp_path.resolve().parent}/other-checkout/notes\n", encoding="utf-8")
    found, _ = violations(tmp_path, ["a.md"], {})
    assert any("this machine's folder" in f for f in found)
