"""deploy/: the Dockerfile and the systemd unit say what deploy/README.md promises (Docker itself cannot run
here, so these read the files; hadolint and systemd-analyze were run on them by hand, see the README)."""
from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

from bot.__main__ import OPERATOR_MUST_ACT

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"


def instructions(path: Path) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of a Dockerfile, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n\s*", " ", path.read_text())
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1].strip()) for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def test_dockerfile_installs_the_packages_and_runs_unprivileged_with_the_db_on_a_volume():
    steps = instructions(DEPLOY / "Dockerfile")
    names = [name for name, _ in steps]
    args = dict(steps)
    copied = {a.split()[0] for n, a in steps if n == "COPY"} | {w for n, a in steps if n == "COPY" for w in a.split()}
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    for pattern in packages["include"]:
        assert pattern.rstrip("*") in copied, f"the image lacks the {pattern} packages pyproject.toml installs"
    assert any(n == "RUN" and 'python3 -m pip install -e ".[metrics]"' in a for n, a in steps), \
        "the image installs the metrics extra: compose.sharded.yaml sets ROLLBOT_METRICS_PORT"
    user = args["USER"].split(":")[0]
    assert user not in ("root", "0") and names.index("USER") > max(i for i, n in enumerate(names) if n == "RUN")
    assert "ROLLBOT_DB=/data/" in " ".join(a for n, a in steps if n == "ENV")
    assert '"/data"' in args["VOLUME"]
    assert any(n == "RUN" and "chown" in a and "/data" in a for n, a in steps), "the bot's user owns /data"
    assert args["CMD"] == '["python3", "-m", "bot"]'
    assert any(n == "RUN" and "apt-get install" in a and "libfribidi0" in a for n, a in steps), \
        "Pillow's libraqm needs FriBiDi to lay out Hebrew and Arabic names (images/text.py RAQM)"


def test_build_context_leaves_secrets_and_databases_out():
    ignored = [line.strip() for line in (DEPLOY / "Dockerfile.dockerignore").read_text().splitlines()
               if line.strip() and not line.startswith("#")]
    assert ignored[0] == "*", "everything is excluded unless listed"
    for pattern in ("**/.env", "**/*.db", "**/*.db-wal"):
        assert pattern in ignored


def test_systemd_unit_restarts_on_failure_but_not_when_the_operator_must_act():
    unit = (DEPLOY / "rollbot.service").read_text()
    settings = dict(line.split("=", 1) for line in unit.splitlines() if "=" in line and not line.startswith("#"))
    assert settings["Restart"] == "on-failure"
    assert settings["RestartPreventExitStatus"] == str(OPERATOR_MUST_ACT)
    assert settings["User"] == "rollbot" and settings["ExecStart"].endswith("-m bot")
    assert settings["Environment"].startswith("ROLLBOT_DB=/var/lib/rollbot/")
    assert settings["StateDirectory"] == "rollbot"
    assert settings["KillSignal"] == "SIGTERM"
    if shutil.which("systemd-analyze"):   # the real checker, on a copy whose interpreter exists here
        copy = unit.replace("/opt/rollbot/venv/bin/python3", shutil.which("python3"))
        check = ROOT / "deploy" / ".rollbot-check.service"
        try:
            check.write_text(copy)
            done = subprocess.run(["systemd-analyze", "verify", str(check)], capture_output=True, text=True,
                                  timeout=60, check=False)
        finally:
            check.unlink(missing_ok=True)
        assert done.returncode == 0, done.stderr


def test_compose_file_uses_the_volume_and_restart_policy():
    text = (DEPLOY / "compose.yaml").read_text()
    assert "dockerfile: deploy/Dockerfile" in text and "rollbot-data:/data" in text
    assert "restart: on-failure" in text and "stop_grace_period" in text


def test_the_shipped_settings_keep_the_units_and_the_images_database_path(tmp_path):
    """Following deploy/README.md to the letter (.env.example copied as the environment file, ROLLBOT_DB left as
    it is) keeps the database where the unit and the image put it: an environment file wins over the unit's
    Environment= and the image's ENV, so .env.example must not name a path, and an empty value (rollbot.db in
    the folder the bot runs in) must land in the same place."""
    from dotenv import dotenv_values

    from bot.config import load_settings
    shipped = dotenv_values(ROOT / ".env.example")
    assert shipped.get("ROLLBOT_DB") in ("", None), "a path here replaces the unit's and the image's"
    assert load_settings({"ROLLBOT_DB": ""}, None).db_path == Path("rollbot.db")
    unit = (DEPLOY / "rollbot.service").read_text()
    settings = dict(line.split("=", 1) for line in unit.splitlines() if "=" in line and not line.startswith("#"))
    unit_db = Path(settings["Environment"].split("=", 1)[1])
    assert Path(settings["WorkingDirectory"]) / "rollbot.db" == unit_db
    assert settings["WorkingDirectory"] == f"/var/lib/{settings['StateDirectory']}"
    steps = instructions(DEPLOY / "Dockerfile")
    image_db = next(Path(a.split("=", 1)[1]) for n, a in steps if n == "ENV" and a.startswith("ROLLBOT_DB="))
    last_workdir = [a for n, a in steps if n == "WORKDIR"][-1]
    assert Path(last_workdir) / "rollbot.db" == image_db


def test_the_sharded_compose_file_can_start_and_the_backup_names_the_compose_volume():
    """compose.sharded.yaml sets ROLLBOT_METRICS_PORT, which needs prometheus-client in the image (else both
    bots exit 2 and restart forever); the Docker backup command reads the volume compose.yaml really makes."""
    sharded = (DEPLOY / "compose.sharded.yaml").read_text()
    if "ROLLBOT_METRICS_PORT" in sharded:
        assert any(n == "RUN" and "[metrics]" in a for n, a in instructions(DEPLOY / "Dockerfile"))
    compose = (DEPLOY / "compose.yaml").read_text()
    volume = re.search(r"^volumes:\n  (\S+):\n(?:    .*\n)*?    name: (\S+)", compose, re.M)
    assert volume and volume.group(1) == volume.group(2) == "rollbot-data", "compose would call it deploy_rollbot-data"
    backup = next(line for line in (DEPLOY / "README.md").read_text().splitlines() if "docker run --rm" in line)
    assert f"-v {volume.group(2)}:/data" in backup
