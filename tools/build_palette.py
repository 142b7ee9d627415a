"""`python -m tools.build_palette`: rebuild `images/palette.png`, the fixed palette of every picture.

Renders the hand-built sample scenes in English and Korean, stacks them and lets Pillow's median-cut pick
the 256 colours that represent them best. Run it again after changing colours or the look of the pictures.
"""

from __future__ import annotations

from PIL import Image

from images.png import PALETTE_FILE
from images.rollplayer import scores, sheet, table
from tools import rp_samples as samples


def scenes() -> list[Image.Image]:
    out = []
    for locale in ("en", "ko"):
        for v in (
            samples.start_sheet(),
            samples.mid_sheet(),
            samples.full_sheet(),
            samples.korean_sheet(),
            samples.long_names_sheet(),
        ):
            out.append(sheet.draw(v, locale))
        for n in (1, 2, 4):
            out.append(table.draw(samples.make_table(n, solo=n == 1, taken={2: 0}), locale))
        for n in (1, 4):
            out.append(scores.draw(samples.make_scores(n, solo=n == 1, tie=n == 4), locale))
    return out


def build() -> Image.Image:
    images = scenes()
    width = max(im.width for im in images)
    height = sum(im.height for im in images)
    sheet_ = Image.new("RGB", (width, height))
    y = 0
    for im in images:
        sheet_.paste(im, (0, y))
        y += im.height
    q = sheet_.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    pal = Image.new("P", (16, 16))
    pal.putpalette(q.getpalette()[:768])
    pal.putdata(list(range(256)))
    return pal


def main() -> int:
    build().save(PALETTE_FILE, optimize=True)
    print(f"wrote {PALETTE_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
