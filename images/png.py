"""PNG encoding with one fixed 256-colour palette.

The pictures use flat colours and a bounded set of anti-aliased edges, so a palette built once from
representative pictures (`python -m tools.build_palette`, stored in `palette.png`) reproduces them
faithfully. Mapping to a known palette costs a fifth of computing a new one per picture, and a paletted PNG
is about a third of the RGB size. Output is deterministic: same pixels, same bytes (PNG has no timestamp).
If the palette file is missing, each picture gets its own octree palette (slower, same look).
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from PIL import Image

PALETTE_FILE = Path(__file__).resolve().parent / "palette.png"
COMPRESS_LEVEL = 3


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


def encode(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    quantize(img).save(buf, "PNG", compress_level=COMPRESS_LEVEL)
    return buf.getvalue()
