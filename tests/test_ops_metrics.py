"""Metrics and health: off by default (no port, nothing served, every hook a no-op); on, the counters follow
the moves the engine applies and refuses, render times and queue lengths are recorded, and ``/metrics`` and
``/healthz`` answer on the port."""
from __future__ import annotations

import aiohttp
import pytest

from bot.app import create_bot
from bot.config import Settings
from bot.engine import SessionManager
from bot.engine.store import open_store
from bot.metrics import Metrics, NoMetrics, create_metrics
from tests.engine.helpers import ENDLESS, FakeClock, registry


def sample(metrics: Metrics, name: str, **labels) -> float:
    value = metrics.registry.get_sample_value(name, labels or None)
    return 0.0 if value is None else value


async def test_metrics_are_off_without_a_port(tmp_path):
    off = create_metrics(None)
    assert type(off) is NoMetrics and not off.enabled
    off.move_applied("rollplayer")
    off.move_refused("not_your_turn")
    off.set_queues(outbox=3)
    with off.rendering():
        pass
    assert off.exposition() == b""
    await off.serve(None)                     # serves nothing, needs nothing
    bot = await create_bot(Settings(token=None, db_path=tmp_path / "x.db"))
    assert type(bot.metrics) is NoMetrics
    await bot.store.close()


async def test_moves_and_refusals_are_counted(tmp_path):
    metrics = create_metrics(0)
    assert isinstance(metrics, Metrics) and metrics.enabled
    store = await open_store(tmp_path / "m.db")
    try:
        mgr = SessionManager(store, registry(), clock=FakeClock())
        mgr.observer = metrics
        game = await mgr.create("dicerace", 1, 11, 100, "A", ENDLESS, 1, seed=1)
        await mgr.apply(game.id, 100, {"action": "pass"}, 0)
        await mgr.apply(game.id, 100, {"action": "pass"}, 1)
        with pytest.raises(Exception) as stale:
            await mgr.apply(game.id, 100, {"action": "pass"}, 0)
        with pytest.raises(Exception) as illegal:
            await mgr.apply(game.id, 100, {"action": "no such move"}, 2)
    finally:
        await store.close()
    assert sample(metrics, "rollbot_moves_applied_total", kind="dicerace") == 2
    assert sample(metrics, "rollbot_moves_refused_total", code=stale.value.code) == 1
    assert sample(metrics, "rollbot_moves_refused_total", code=illegal.value.code) == 1


async def test_metrics_and_health_are_served_on_the_port(tmp_path):
    metrics = Metrics(0, host="127.0.0.1")
    with metrics.rendering():
        pass
    metrics.set_queues(outbox=2, inflight=1)

    async def health() -> dict:
        return {"ready": True, "shards": [0], "latency_ms": 12, "games_active": 3}

    await metrics.serve(health)
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{metrics.port}/metrics") as answer:
                text = await answer.text()
            async with http.get(f"http://127.0.0.1:{metrics.port}/healthz") as answer:
                report = await answer.json()
                status = answer.status
    finally:
        await metrics.close()
    assert 'rollbot_queue_length{queue="outbox"} 2.0' in text
    assert "rollbot_render_seconds_count 1.0" in text
    assert status == 200 and report["games_active"] == 3


async def test_the_bot_reports_its_health(tmp_path):
    settings = Settings(token=None, db_path=tmp_path / "h.db", shard_ids=(0,), shard_count=2, metrics_port=None)
    bot = await create_bot(settings, sync_commands=False, run_reminders=False)
    bot.metrics = Metrics(None)              # measured, not served
    await bot._async_setup_hook()
    await bot.setup_hook()
    try:
        await bot.sessions.create("rollplayer", None, 77, 100, "A", None, 2)
        report = await bot.health()
        assert report["ready"] is False and report["shard_count"] == 2 and report["games_lobby"] == 1
        assert report["posts_waiting"] == 0 and report["inflight"] == 0
        line = await bot.health_line()
        assert line.startswith("shards 0/2, connected none") and "0 active, 1 in lobby" in line
        assert sample(bot.metrics, "rollbot_queue_length", queue="games_served") == 0
    finally:
        await bot.close()


async def test_the_metrics_listen_where_the_operator_says(tmp_path):
    """An operator tour found /metrics and /healthz open on every address with no setting to keep them on the
    machine: ROLLBOT_METRICS_HOST says where (default every address, as a container's network needs)."""
    from bot.config import load_settings

    assert load_settings({"ROLLBOT_METRICS_PORT": "9108"}).metrics_host == "0.0.0.0"
    settings = load_settings({"ROLLBOT_METRICS_PORT": "9108", "ROLLBOT_METRICS_HOST": "127.0.0.1",
                              "ROLLBOT_DB": str(tmp_path / "h.db")})
    assert settings.metrics_host == "127.0.0.1"
    bot = await create_bot(settings, sync_commands=False, run_reminders=False)
    try:
        assert isinstance(bot.metrics, Metrics) and bot.metrics.host == "127.0.0.1" and bot.metrics.port == 9108
    finally:
        await bot.store.close()



async def test_an_address_not_of_this_machine_names_the_host_setting():
    """A ROLLBOT_METRICS_HOST the machine does not have is refused naming that setting (it named the port)."""
    from bot.config import ConfigError

    metrics = Metrics(0, host="10.255.255.1")

    async def health() -> dict:
        return {}
    with pytest.raises(ConfigError, match=r"^ROLLBOT_METRICS_HOST: cannot listen on '10\.255\.255\.1'"):
        await metrics.serve(health)
