"""A throwaway PostgreSQL server for the tests and CI: initdb in a temp folder, a free port on 127.0.0.1 only,
the unix socket inside that folder, trust authentication for one user, torn down (folder and all) at the end.

PostgreSQL refuses to run as root, so when we are root the server runs as the ``postgres`` system user (the
Debian package creates it; any non-root user named by ``ROLLBOT_PG_USER`` works too) through ``runuser``.

As a library: ``server = PgServer.start(); server.url; server.stop()``, or ``find_server()`` for the
fixtures. From the shell (CI): ``python3 tests/pg_server.py start DIR`` prints the URL and leaves the server
running; ``python3 tests/pg_server.py stop DIR`` stops it and removes DIR.
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

USER = "rollbot"
BIN_GLOB = "/usr/lib/postgresql/*/bin"


class ServerUnavailable(RuntimeError):
    """No PostgreSQL server can be had here (the message says why)."""


def find_bin() -> Path:
    """The folder holding initdb and pg_ctl: on PATH, or Debian's versioned folder (newest first)."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    for folder in sorted(glob.glob(BIN_GLOB), key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit()
                         else 0, reverse=True):
        if os.access(Path(folder, "initdb"), os.X_OK) and os.access(Path(folder, "pg_ctl"), os.X_OK):
            return Path(folder)
    raise ServerUnavailable("initdb/pg_ctl not found (install the postgresql package)")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _runner() -> tuple[list[str], int | None, int | None]:
    """The command prefix that runs a program as a non-root user, and that user's uid/gid (None: as we are)."""
    if os.geteuid() != 0:
        return [], None, None
    name = os.environ.get("ROLLBOT_PG_USER", "postgres")
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        raise ServerUnavailable(f"running as root and there is no {name!r} user to run PostgreSQL as") from None
    runuser = shutil.which("runuser")
    if runuser:
        return [runuser, "-u", name, "--"], entry.pw_uid, entry.pw_gid
    su = shutil.which("su")
    if su is None:
        raise ServerUnavailable("running as root and neither runuser nor su is available")
    return [su, name, "-s", "/bin/sh", "-c", '"$0" "$@"'], entry.pw_uid, entry.pw_gid


@dataclass
class PgServer:
    folder: Path
    port: int
    bin: Path
    prefix: list[str]

    @property
    def url(self) -> str:
        """An admin URL (database ``postgres``); tests create their own databases from it."""
        return f"postgresql://{USER}@127.0.0.1:{self.port}/postgres"

    @classmethod
    def start(cls, folder: str | os.PathLike | None = None, *, durable: bool = False) -> PgServer:
        """Start a new server in ``folder`` (a new temp folder by default). ``durable=False`` turns fsync
        off, which is right for tests (nothing here tests power loss) and keeps them fast."""
        bin_dir = find_bin()
        prefix, uid, gid = _runner()
        where = Path(folder) if folder is not None else Path(tempfile.mkdtemp(prefix="rollbot-pg-"))
        where.mkdir(parents=True, exist_ok=True)
        if uid is not None:
            os.chown(where, uid, gid)
        data, log = where / "data", where / "server.log"
        server = None
        try:
            cls._run(prefix + [str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", USER, "-E", "UTF8",
                               "--locale=C.UTF-8", "--no-sync"], "initdb")
            settings = ["-c listen_addresses=127.0.0.1", f"-c unix_socket_directories={where}",
                        "-c max_connections=200", "-c shared_buffers=64MB"]
            if not durable:
                settings += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
            for attempt in range(3):
                port = free_port()
                server = cls(where, port, bin_dir, prefix)
                try:
                    cls._run(prefix + [str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-t", "60",
                                       "-o", " ".join([f"-p {port}", *settings]), "start"], "pg_ctl start")
                    return server
                except ServerUnavailable:
                    if attempt == 2:
                        raise
            raise ServerUnavailable("unreachable")
        except BaseException as error:
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            shutil.rmtree(where, ignore_errors=True)
            if isinstance(error, ServerUnavailable) and tail:
                raise ServerUnavailable(f"{error}; server log: {tail}") from None
            raise

    @staticmethod
    def _run(command: list[str], what: str) -> None:
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise ServerUnavailable(f"{what} failed: {error}") from None
        if done.returncode != 0:
            raise ServerUnavailable(f"{what} failed ({done.returncode}): {(done.stderr or done.stdout)[-1500:]}")

    def _pg_ctl(self, *args: str) -> None:
        self._run(self.prefix + [str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), *args], "pg_ctl")

    def crash(self) -> None:
        """Immediate shutdown: every server process quits at once, no checkpoint (as after a crash)."""
        self._pg_ctl("-m", "immediate", "-w", "stop")

    def restart(self, durable: bool = True) -> None:
        """Start the stopped server again on the same port (it recovers from its WAL first)."""
        settings = [f"-p {self.port}", "-c listen_addresses=127.0.0.1", f"-c unix_socket_directories={self.folder}"]
        if not durable:
            settings += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        self._pg_ctl("-l", str(self.folder / "server.log"), "-w", "-t", "60", "-o", " ".join(settings), "start")

    def stop(self) -> None:
        """Stop the server (immediate shutdown: nothing in it is kept) and remove its folder."""
        try:
            if (self.folder / "data" / "postmaster.pid").exists():
                subprocess.run(self.prefix + [str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m",
                                              "immediate", "-w", "stop"], capture_output=True, timeout=60,
                               stdin=subprocess.DEVNULL)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def stop_folder(folder: str | os.PathLike) -> None:
    """Stop whatever server runs from ``folder`` (CI's trap) and remove the folder."""
    where = Path(folder)
    try:
        prefix, _, _ = _runner()
        server = PgServer(where, 0, find_bin(), prefix)
    except ServerUnavailable:
        shutil.rmtree(where, ignore_errors=True)
        return
    server.stop()


#: this test process's PostgreSQL: {"url": …, "server": PgServer it started} or {"skip": why}
_session: dict[str, object] = {}


def session_admin_url() -> str:
    """The admin URL of the PostgreSQL server this test process uses: ``ROLLBOT_TEST_PG`` (CI starts one) or a
    throwaway server started on first use and stopped by :func:`stop_session_server`. Without one the test is
    skipped, with the reason — except where ``ROLLBOT_REQUIRE_PG`` is set (``.ci/run``): there it fails."""
    import pytest
    if "url" in _session:
        return str(_session["url"])
    if "skip" not in _session:
        given = os.environ.get("ROLLBOT_TEST_PG", "").strip()
        if given:
            _session["url"] = given
            return given
        try:
            server = PgServer.start()
        except ServerUnavailable as error:
            _session["skip"] = f"no PostgreSQL server: {error}"
        else:
            _session.update(server=server, url=server.url)
            return server.url
    if os.environ.get("ROLLBOT_REQUIRE_PG"):
        pytest.fail(str(_session["skip"]))
    pytest.skip(str(_session["skip"]))


def stop_session_server() -> None:
    server = _session.pop("server", None)
    if server is not None:
        server.stop()


def session_summary() -> str | None:
    """One line for the end of the run: where the PostgreSQL tests ran, or why they were skipped."""
    if "skip" in _session:
        return f"PostgreSQL tests SKIPPED: {_session['skip']}"
    if "url" in _session:
        where = "ROLLBOT_TEST_PG" if os.environ.get("ROLLBOT_TEST_PG") else "a throwaway server started by the tests"
        return f"PostgreSQL tests ran against {where}"
    return None


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] not in ("start", "stop"):
        print("usage: python3 tests/pg_server.py start|stop DIR", file=sys.stderr)
        return 2
    if argv[1] == "stop":
        stop_folder(argv[2])
        return 0
    try:
        server = PgServer.start(argv[2])
    except ServerUnavailable as error:
        print(f"cannot start PostgreSQL: {error}", file=sys.stderr)
        return 1
    print(server.url)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
