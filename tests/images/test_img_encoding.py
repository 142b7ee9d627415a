"""Both encodings keep the pixels of the palette-mapped picture exactly, and file names follow the bytes."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from images import png
from images.rollplayer import sheet
from tools import rp_samples as samples


@pytest.fixture(scope="module")
def picture():
    return sheet.draw(samples.mid_sheet())


@pytest.mark.parametrize("fmt", ["png", "webp"])
def test_encodings_are_lossless_against_the_palette(picture, fmt):
    data = png.encode(picture, fmt)
    decoded = Image.open(io.BytesIO(data)).convert("RGB")
    assert decoded.size == picture.size
    expected = png.quantize(picture).convert("RGB")
    assert decoded.tobytes() == expected.tobytes()
    assert png.picture_name("sheet", data) == f"sheet.{fmt}"


def test_webp_is_smaller_than_png(picture):
    assert len(png.encode(picture, "webp")) < 0.8 * len(png.encode(picture, "png"))


def test_default_format_is_png_unless_configured(monkeypatch):
    monkeypatch.delenv("ROLLBOT_PICTURE_FORMAT", raising=False)
    assert png.default_format() == "png"
    monkeypatch.setenv("ROLLBOT_PICTURE_FORMAT", "WebP")
    assert png.default_format() == "webp"
    monkeypatch.setenv("ROLLBOT_PICTURE_FORMAT", "gif")
    assert png.default_format() == "png"


def test_libdeflate_png_has_the_pixels_of_pillows_png(picture):
    """The PNG written with libdeflate decodes to exactly the picture Pillow's own writer stores."""
    mapped = png.quantize(picture)
    ours = Image.open(io.BytesIO(png.palette_png(mapped)))
    ours.load()
    buf = io.BytesIO()
    mapped.save(buf, "PNG")
    theirs = Image.open(io.BytesIO(buf.getvalue()))
    assert ours.mode == "P" and ours.size == picture.size
    assert ours.convert("RGB").tobytes() == theirs.convert("RGB").tobytes()
    assert png.palette_png(mapped) == png.palette_png(mapped)          # deterministic


def test_png_is_valid_for_any_width_and_the_fallback_matches(monkeypatch):
    """Odd sizes (one pixel, one row, prime widths) survive; without libdeflate Pillow writes the same pixels."""
    for size in [(1, 1), (1, 7), (7, 1), (97, 13)]:
        img = Image.new("RGB", size, (40, 44, 52))
        img.putpixel((size[0] - 1, size[1] - 1), (250, 204, 21))
        data = png.encode(img, "png")
        decoded = Image.open(io.BytesIO(data))
        decoded.verify()
        decoded = Image.open(io.BytesIO(data)).convert("RGB")
        assert decoded.tobytes() == png.quantize(img).convert("RGB").tobytes()
        monkeypatch.setattr(png, "_deflate", None)
        fallback = Image.open(io.BytesIO(png.encode(img, "png"))).convert("RGB")
        monkeypatch.undo()
        assert fallback.tobytes() == decoded.tobytes()
