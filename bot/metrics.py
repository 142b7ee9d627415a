"""Prometheus metrics and the health report of one bot process; off unless ``ROLLBOT_METRICS_PORT`` is set.

``create_metrics(port)`` gives the live kind (prometheus-client, the ``metrics`` extra) or, without a port,
``NoMetrics``, whose every method does nothing, so the rest of the bot calls them unconditionally and pays
nothing when metrics are off. Each process has its own registry and port; Prometheus scrapes every process
of a layout (deploy/README.md) and sums them.

What is measured: moves applied (by game) and refused (by code), the time a turn post takes to render, and
queue lengths (posts waiting in the outbox of this process's games, interaction handlers in flight, games
served). ``/healthz`` on the same port answers the health report as JSON: shards, latency, games served.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from contextlib import contextmanager
from typing import Any

from bot.config import ConfigError, port_refusal

log = logging.getLogger(__name__)

#: Render times are seconds; a turn post with pictures takes tens to hundreds of milliseconds.
RENDER_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class NoMetrics:
    """Metrics switched off: the same methods, doing nothing."""

    enabled = False
    port: int | None = None

    def move_applied(self, kind: str) -> None:
        pass

    def move_refused(self, code: str) -> None:
        pass

    @contextmanager
    def rendering(self):
        yield

    def set_queues(self, **lengths: float) -> None:
        pass

    def exposition(self) -> bytes:
        return b""

    async def serve(self, health: Callable[[], Awaitable[dict]]) -> None:
        pass

    async def close(self) -> None:
        pass


class Metrics(NoMetrics):
    """prometheus-client counters, a histogram and gauges in a registry of their own, served with ``/healthz``
    by a small aiohttp server on ``port`` (aiohttp comes with discord.py)."""

    enabled = True

    def __init__(self, port: int | None, *, host: str = "0.0.0.0") -> None:
        from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

        self.port = port
        self.host = host
        self.registry = CollectorRegistry()
        self.moves = Counter("rollbot_moves_applied", "Moves applied", ["kind"], registry=self.registry)
        self.refusals = Counter("rollbot_moves_refused", "Moves refused (illegal, stale, not your turn …)",
                                ["code"], registry=self.registry)
        self.render_seconds = Histogram("rollbot_render_seconds", "Time to render one turn post",
                                        buckets=RENDER_BUCKETS, registry=self.registry)
        self.queues = Gauge("rollbot_queue_length", "Work waiting, by queue", ["queue"], registry=self.registry)
        self._runner: Any = None

    def move_applied(self, kind: str) -> None:
        self.moves.labels(kind=kind).inc()

    def move_refused(self, code: str) -> None:
        self.refusals.labels(code=code).inc()

    @contextmanager
    def rendering(self):
        started = time.perf_counter()
        try:
            yield
        finally:
            self.render_seconds.observe(time.perf_counter() - started)

    def set_queues(self, **lengths: float) -> None:
        for queue, value in lengths.items():
            self.queues.labels(queue=queue).set(value)

    def exposition(self) -> bytes:
        from prometheus_client import generate_latest
        return generate_latest(self.registry)

    async def serve(self, health: Callable[[], Awaitable[dict]]) -> None:
        """Start ``/metrics`` and ``/healthz`` on the port (``health()`` builds the report)."""
        from aiohttp import web
        from prometheus_client import CONTENT_TYPE_LATEST

        async def metrics(_request: web.Request) -> web.Response:
            await health()                       # refreshes the queue gauges for this scrape
            return web.Response(body=self.exposition(), headers={"Content-Type": CONTENT_TYPE_LATEST})

        async def healthz(_request: web.Request) -> web.Response:
            report = await health()
            return web.json_response(report, status=200 if report.get("ready") else 503)

        app = web.Application()
        app.router.add_get("/metrics", metrics)
        app.router.add_get("/healthz", healthz)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        try:
            await site.start()
        except OSError as error:
            await self.close()
            raise ConfigError(port_refusal("ROLLBOT_METRICS_PORT", self.port, error, self.host,
                                           "ROLLBOT_METRICS_HOST")) from error
        if not self.port:                        # port 0 (tests): the one the system chose
            self.port = site._server.sockets[0].getsockname()[1]
        log.info("metrics and /healthz on port %s", self.port)

    async def close(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()


def create_metrics(port: int | None, host: str = "0.0.0.0") -> NoMetrics:
    """Live metrics on ``host:port``, or the no-op kind when no port is configured."""
    return NoMetrics() if port is None else Metrics(port, host=host)


__all__ = ["Metrics", "NoMetrics", "create_metrics"]
