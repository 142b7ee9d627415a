"""Faults the stand-in injects on purpose, switchable while a test runs: the ways Discord fails a request.

``stub.faults.add(route="POST /channels/{channel_id}/messages", status=503, times=1)`` answers the next post
with a 503 instead of processing it. Kinds:

* ``status=429``: a rate-limit answer (``Retry-After``, ``Via``, JSON body), scope ``"user"`` or
  ``"shared"``; discord.py sleeps ``retry_after`` and sends the same request again. Counted as an invalid
  request unless the scope is ``"shared"`` (as Discord counts it).
* ``status=500`` / ``502``: discord.py retries the same request after 1 s, 3 s, ... (up to 5 tries);
  ``status=503``: discord.py's bot client raises ``DiscordServerError`` at once (its webhook client, used for
  follow-ups and interaction edits, retries every 5xx).
* ``timeout_after_processing=True``: the request IS processed (the message is created or edited), then the
  stand-in holds the answer for ``hold`` seconds and closes the connection without answering. discord.py
  does not retry that: the call raises ``aiohttp.ServerDisconnectedError`` (a ``ClientConnectionError``, not
  an ``OSError``); a caller with its own shorter timeout gets ``TimeoutError`` first. The bot cannot know
  whether its request took effect, which is what a real timeout is.
* ``answer_late=True``: the request IS processed, then its answer comes ``hold`` seconds late (a slow network
  or a busy Discord): whatever the request made is visible to everyone at once, while the bot still waits for
  its answer, and other events (a player's next click) reach the bot meanwhile.

A fault fires ``times`` times (``None``: without end) on matching requests (``route``: the route template
as in ``RequestRecord.route``, ``None`` for any; ``kind``: ``"bot"`` or ``"interaction"``; ``channel``: a
channel id), each time with ``probability`` drawn from ``stub.faults.rng`` (seeded: soak runs repeat).
Every injection is recorded in ``stub.faults.injected``. ``stub.drop_gateway()`` is the gateway's fault.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

STATUS_FAULTS = (429, 500, 502, 503)


@dataclass
class Fault:
    route: str | None = None
    status: int | None = None
    timeout_after_processing: bool = False
    hold: float = 0.0
    answer_late: bool = False
    times: int | None = 1
    probability: float = 1.0
    scope: str = "user"
    retry_after: float = 0.25
    kind: str | None = None
    channel: int | None = None
    fired: int = 0

    @property
    def exhausted(self) -> bool:
        return self.times is not None and self.fired >= self.times

    def matches(self, route: str, kind: str, channel_id: int | None) -> bool:
        return ((self.route is None or self.route == route) and (self.kind is None or self.kind == kind)
                and (self.channel is None or self.channel == channel_id))

    def describe(self) -> str:
        what = "timeout after processing" if self.timeout_after_processing else \
            f"answer {self.hold:g} s late" if self.answer_late else f"status {self.status}"
        if self.status == 429:
            what += f" ({self.scope})"
        return what


@dataclass
class InjectedFault:
    at: float
    route: str
    path: str
    what: str

    def __repr__(self) -> str:
        return f"<fault {self.what} on {self.route} ({self.path}) at {self.at:.3f}>"


@dataclass
class Faults:
    """The switchable faults of one stand-in (``stub.faults``)."""

    seed: int = 0
    active: list[Fault] = field(default_factory=list)
    injected: list[InjectedFault] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def add(self, route: str | None = None, *, status: int | None = None, timeout_after_processing: bool = False,
            hold: float = 0.0, times: int | None = 1, probability: float = 1.0, scope: str = "user",
            retry_after: float = 0.25, kind: str | None = None, channel: int | None = None,
            answer_late: bool = False) -> Fault:
        if [status is not None, timeout_after_processing, answer_late].count(True) != 1:
            raise ValueError("a fault is a status, timeout_after_processing or answer_late")
        if status is not None and status not in STATUS_FAULTS:
            raise ValueError(f"status faults are {STATUS_FAULTS}, not {status}")
        if scope not in ("user", "shared"):
            raise ValueError("a 429's scope is 'user' or 'shared'")
        if kind not in (None, "bot", "interaction"):
            raise ValueError("kind is 'bot' or 'interaction'")
        fault = Fault(route, status, timeout_after_processing, hold, answer_late, times, probability, scope,
                      retry_after, kind, channel)
        self.active.append(fault)
        return fault

    def clear(self) -> None:
        self.active.clear()

    def reseed(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def pick(self, route: str, kind: str, channel_id: int | None, *, after: bool) -> Fault | None:
        """The fault that fires on this request now, if any: ``after=False`` for status faults (answered
        instead of processing), ``after=True`` for timeouts (answered by silence after processing) and late
        answers."""
        for fault in self.active:
            if fault.exhausted or (fault.status is None) != after:
                continue
            if not fault.matches(route, kind, channel_id):
                continue
            if fault.probability < 1.0 and self.rng.random() >= fault.probability:
                continue
            fault.fired += 1
            return fault
        return None

    def record(self, at: float, route: str, path: str, fault: Fault) -> None:
        self.injected.append(InjectedFault(at, route, path, fault.describe()))
