"""Picture encoding: PNG with one fixed 256-colour palette (default), or lossless WebP of the same pixels.

The pictures use flat colours and a bounded set of anti-aliased edges, so a palette built once from
representative pictures (`python -m tools.build_palette`, stored in `palette.png`) reproduces them
faithfully. Mapping to a known palette costs a fifth of computing a new one per picture, and a paletted PNG
is about a third of the RGB size. Output is deterministic: same pixels, same bytes (PNG has no timestamp).
If the palette file is missing, each picture gets its own octree palette (slower, same look).

Encoding: with libdeflate (the `deflate` package) the PNG is written here — the palette indices, one
filter byte (None, as Pillow uses for palette pictures) per row, compressed by libdeflate, which at the
same level is about twice as fast as zlib for the same size (sheet 5.7 vs 12.6 ms) and releases the GIL.
Without the package, Pillow's own PNG writer does it (same pixels, same look).

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
import struct
import zlib
from functools import lru_cache
from pathlib import Path

from PIL import Image

try:                                   # libdeflate: faster than zlib for the same size
    import deflate as _deflate
except ImportError:                    # pragma: no cover - the package is a dependency; Pillow still works
    _deflate = None

PALETTE_FILE = Path(__file__).resolve().parent / "palette.png"
COMPRESS_LEVEL = 6  # zlib (Pillow) level; level 3 → 6: 13 % smaller for ~10 ms more on a sheet
LIBDEFLATE_LEVEL = 6  # as small as zlib 6, in about half the time (7: 3 % smaller, a third slower)
SMALL_LEVEL = 9  # encode(small=True): 6 % smaller than level 6 for 2 ms more on a live picture (12: 12 %, 30x)
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


def encode(img: Image.Image, fmt: str | None = None, *, small: bool = False) -> bytes:
    """`img` mapped to the fixed palette, as PNG or lossless WebP (`fmt`, default `default_format()`).
    ``small``: a PNG whose palette holds only the colours used, compressed harder (`SMALL_LEVEL`), for
    pictures uploaded after every move."""
    fmt = fmt or default_format()
    buf = io.BytesIO()
    if fmt == "webp":
        quantize(img).convert("RGB").save(buf, "WEBP", lossless=True, method=WEBP_METHOD, quality=100)
    else:
        mapped = quantize(img)
        if small:
            mapped = used_palette(mapped)
        if _deflate is not None:
            return palette_png(mapped, SMALL_LEVEL if small else LIBDEFLATE_LEVEL)
        mapped.save(buf, "PNG", compress_level=9 if small else COMPRESS_LEVEL)
    return buf.getvalue()


def used_palette(mapped: Image.Image) -> Image.Image:
    """The palette picture with only the colours it uses, most frequent first (the same pixels; a smaller
    PLTE chunk: 3 bytes a colour used rather than 768)."""
    used = [index for _, index in sorted(mapped.getcolors(256), key=lambda c: (-c[0], c[1]))]
    return mapped.remap_palette(used)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def palette_png(mapped: Image.Image, level: int = LIBDEFLATE_LEVEL) -> bytes:
    """A palette ("P") picture as an 8-bit indexed PNG compressed by libdeflate. Rows get the filter byte 0
    (None): a palette's indices are not magnitudes, so PNG's predictors do not help them. The PLTE chunk is the
    whole palette, as Pillow writes it."""
    width, height = mapped.size
    indices = mapped.tobytes()
    rows = bytearray((width + 1) * height)        # filter byte 0 before each row
    for y in range(height):
        start = y * (width + 1) + 1
        rows[start:start + width] = indices[y * width:(y + 1) * width]
    palette = bytes(mapped.getpalette("RGB"))     # as many colours as the picture's palette holds
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join((b"\x89PNG\r\n\x1a\n", _chunk(b"IHDR", header), _chunk(b"PLTE", palette),
                     _chunk(b"IDAT", _deflate.zlib_compress(rows, level)), _chunk(b"IEND", b"")))


def extension(data: bytes) -> str:
    """"webp" or "png", from the bytes themselves."""
    return "webp" if data[:4] == b"RIFF" and data[8:12] == b"WEBP" else "png"


def picture_name(stem: str, data: bytes) -> str:
    """A file name whose extension matches the encoding (Discord picks the preview by extension)."""
    return f"{stem}.{extension(data)}"
