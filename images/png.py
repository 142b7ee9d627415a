"""Picture encoding: PNG with one fixed 256-colour palette (default), or lossless WebP of the same pixels.

The pictures use flat colours and a bounded set of anti-aliased edges, so a palette built once from
representative pictures (`python -m tools.build_palette`, stored in `palette.png`) reproduces them
faithfully. Mapping to a known palette costs a fifth of computing a new one per picture, and a paletted PNG
is about a third of the RGB size. Output is deterministic: same pixels, same bytes (PNG has no timestamp).
If the palette file is missing, each picture gets its own octree palette (slower, same look).

Measured on the gallery (640 px pictures; `python benchmarks/render.py --formats`): lossless WebP of the
palette-mapped pixels (method 4) is about 45 % smaller than the palette PNG, but takes 5–20 times as long
to encode (0.1–0.7 s for a sheet on a busy machine). Discord shows .webp inline. The bot's posting code and
its Discord stand-in still name every picture ``*.png`` and check the PNG signature, so PNG stays the
default; ``ROLLBOT_PICTURE_FORMAT=webp`` (or ``encode(img, "webp")``) switches once callers name files with
`picture_name`, which takes the extension from the bytes.
"""

from __future__ import annotations

import io
import os
from functools import lru_cache
from pathlib import Path

from PIL import Image

PALETTE_FILE = Path(__file__).resolve().parent / "palette.png"
COMPRESS_LEVEL = 6  # level 3 → 6: 13 % smaller for ~10 ms more on a sheet
WEBP_METHOD = 4
FORMATS = ("png", "webp")


@lru_cache(maxsize=1)
def fixed_palette() -> Image.Image | None:
    if not PALETTE_FILE.is_file():
        return None
    with Image.open(PALETTE_FILE) as im:
        im.load()
        return im.copy()


def quantize(img: Image.Image) -> Image.Image:
    pal = fixed_palette()
    if pal is None:
        return img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return img.quantize(palette=pal, dither=Image.Dither.NONE)


def default_format() -> str:
    fmt = os.environ.get("ROLLBOT_PICTURE_FORMAT", "png").strip().lower()
    return fmt if fmt in FORMATS else "png"


def encode(img: Image.Image, fmt: str | None = None) -> bytes:
    """`img` mapped to the fixed palette, as PNG or lossless WebP (`fmt`, default `default_format()`)."""
    fmt = fmt or default_format()
    buf = io.BytesIO()
    if fmt == "webp":
        quantize(img).convert("RGB").save(buf, "WEBP", lossless=True, method=WEBP_METHOD, quality=100)
    else:
        quantize(img).save(buf, "PNG", compress_level=COMPRESS_LEVEL)
    return buf.getvalue()


def extension(data: bytes) -> str:
    """"webp" or "png", from the bytes themselves."""
    return "webp" if data[:4] == b"RIFF" and data[8:12] == b"WEBP" else "png"


def picture_name(stem: str, data: bytes) -> str:
    """A file name whose extension matches the encoding (Discord picks the preview by extension)."""
    return f"{stem}.{extension(data)}"
