"""Decode attachments the way a Discord client would have to: fully, with Pillow."""

from __future__ import annotations

import io

from PIL import Image

from .messages import StubAttachment


def png_size(data: bytes | StubAttachment) -> tuple[int, int]:
    """Width and height of a PNG after a full decode; AssertionError if it is not a decodable PNG."""
    raw = data.data if isinstance(data, StubAttachment) else data
    assert raw.startswith(b"\x89PNG\r\n\x1a\n"), f"not a PNG (starts with {raw[:8]!r})"
    with Image.open(io.BytesIO(raw)) as img:
        assert img.format == "PNG", f"Pillow reads it as {img.format}"
        img.load()
        return img.size
