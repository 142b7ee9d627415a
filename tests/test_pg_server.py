"""Where the tests get PostgreSQL: without a server they skip on a developer's machine, but fail under CI
(``ROLLBOT_REQUIRE_PG``), as the browser tests do without Chromium."""
from __future__ import annotations

import pytest

from tests import pg_server


@pytest.fixture
def no_server(monkeypatch):
    def unavailable():
        raise pg_server.ServerUnavailable("initdb not found")
    monkeypatch.setattr(pg_server.PgServer, "start", staticmethod(unavailable))
    monkeypatch.delenv("ROLLBOT_TEST_PG", raising=False)
    monkeypatch.setattr(pg_server, "_session", {})


def test_without_a_server_the_postgresql_tests_skip_with_the_reason(no_server, monkeypatch):
    monkeypatch.delenv("ROLLBOT_REQUIRE_PG", raising=False)
    with pytest.raises(pytest.skip.Exception, match="initdb not found"):
        pg_server.session_admin_url()
    assert "initdb not found" in pg_server.session_summary()


def test_under_ci_a_missing_server_fails_instead(no_server, monkeypatch):
    monkeypatch.setenv("ROLLBOT_REQUIRE_PG", "1")
    with pytest.raises(pytest.fail.Exception, match="initdb not found"):
        pg_server.session_admin_url()


def test_a_named_server_is_used_as_given(monkeypatch):
    monkeypatch.setattr(pg_server, "_session", {})
    monkeypatch.setenv("ROLLBOT_TEST_PG", "postgresql://x@127.0.0.1:1/postgres")
    assert pg_server.session_admin_url() == "postgresql://x@127.0.0.1:1/postgres"
    assert pg_server.session_summary() == "PostgreSQL tests ran against ROLLBOT_TEST_PG"
