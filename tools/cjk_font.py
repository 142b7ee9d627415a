"""`python -m tools.cjk_font SOURCE.ttf`: rebuild `images/fonts/DroidSansFallback-CJK.ttf`, the pictures' font
for Chinese and Japanese characters.

A player's display name may hold Chinese characters or Japanese kanji, which neither DejaVu nor NanumSquare
has. The whole Droid Sans Fallback (Debian's `fonts-droid-fallback`, `DroidSansFallbackFull.ttf`, 4 MB)
would more than double the fonts the repository ships, so this keeps only what names use: the ideographs of
the national character sets of Chinese (GB 2312), Japanese (JIS X 0208), Korean hanja (KS X 1001) and the
frequent Traditional Chinese ones (Big5 level 1), about 10,600, plus kana, CJK punctuation and half-width
forms (1.5 MB). A rarer ideograph is drawn as the text kit's placeholder, never as blank space.

Needs fontTools (`pip install fonttools`), which the bot itself does not: the subset is committed.
"""

from __future__ import annotations

import argparse
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "images" / "fonts" / "DroidSansFallback-CJK.ttf"
#: CJK Unified Ideographs: the block whose characters the national sets below pick from
IDEOGRAPHS = range(0x4E00, 0xA000)
#: blocks kept whole: CJK symbols and punctuation (々, 〆, 〇), hiragana, katakana, their phonetic extensions,
#: half-width and full-width forms
BLOCKS = (range(0x3000, 0x3040), range(0x3040, 0x30A0), range(0x30A0, 0x3100), range(0x31F0, 0x3200),
          range(0xFF00, 0xFFF0))
BIG5_LEVEL_1 = range(0xA440, 0xC67F)   # Big5's frequently used characters (常用字)


def _encodable(codec: str, ch: str, within: range | None = None) -> bool:
    try:
        raw = ch.encode(codec)
    except UnicodeEncodeError:
        return False
    return within is None or int.from_bytes(raw, "big") in within


def ideographs() -> str:
    """The ideographs the subset keeps, in code point order (Python's own codecs define the national sets, so
    the same Python gives the same set)."""
    return "".join(chr(cp) for cp in IDEOGRAPHS
                   if any(_encodable(codec, chr(cp)) for codec in ("gb2312", "shift_jis", "euc_kr"))
                   or _encodable("big5", chr(cp), BIG5_LEVEL_1))


def charset() -> str:
    """Every character the subset asks the source font for (the blocks' characters it lacks stay out)."""
    return "".join(sorted(set(ideographs()) | {chr(cp) for block in BLOCKS for cp in block}))


def build(source: Path, out: Path = OUT) -> None:
    from fontTools import subset

    options = subset.Options()
    options.layout_features = []        # the kit draws one glyph per character: no vertical forms, no locl
    options.name_IDs = ["*"]            # keep the copyright, licence and vendor records
    options.notdef_outline = True
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=charset())
    subsetter.subset(font)
    subset.save_font(font, str(out), options)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.cjk_font", description=__doc__.split("\n")[0])
    parser.add_argument("source", type=Path, help="DroidSansFallbackFull.ttf (Debian: fonts-droid-fallback)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    build(args.source, args.out)
    print(f"{args.out}: {args.out.stat().st_size:,} bytes, {len(charset()):,} characters")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
