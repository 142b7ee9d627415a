"""What the stand-in records about each HTTP request, and how it reports that a test cannot go on."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

try:
    import orjson
except ImportError:         # the bot's requirements bring it; the standard library does the same, slower
    orjson = None

from .messages import UploadedFile


def dumps(obj: Any) -> bytes:
    """JSON bytes of what the stand-in answers or sends on its gateway (orjson when installed: in a load run
    the stand-in shares the machine with the bot it measures)."""
    if orjson is not None:
        return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS)
    return json.dumps(obj).encode()


class StubFailure(AssertionError):
    """The bot did something the stand-in cannot serve (unknown route) or a wait timed out."""


@dataclass
class RequestRecord:
    method: str
    path: str
    route: str  # e.g. "POST /channels/{channel_id}/messages"
    params: dict[str, str]
    query: dict[str, str]
    json: Any = None
    files: list[UploadedFile] = field(default_factory=list)
    status: int = 0
    response: Any = None
    started: float = 0.0
    finished: float = 0.0
    #: The channel the request was about (its route's, or its interaction's): whom its completion may concern.
    channel_id: int | None = None

    def __repr__(self) -> str:
        files = f" files={[f.filename for f in self.files]}" if self.files else ""
        return f"<{self.method} {self.path} -> {self.status}{files}>"
