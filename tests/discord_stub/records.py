"""What the stand-in records about each HTTP request, and how it reports that a test cannot go on."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .messages import UploadedFile


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

    def __repr__(self) -> str:
        files = f" files={[f.filename for f in self.files]}" if self.files else ""
        return f"<{self.method} {self.path} -> {self.status}{files}>"
