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
