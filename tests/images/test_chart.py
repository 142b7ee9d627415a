"""The shared score chart: any number of players and steps, readable when shown 360 px wide."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from images.chart import SERIES_STYLES, WIDTH, ChartWords, render_chart
from images.png import quantize

WORDS = ChartWords(title="Projected score", x_axis="Round", steps=("Start", "1", "2", "3"))


def picture(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def stored(colour) -> tuple[int, int, int]:
    """A colour as the fixed palette keeps it."""
    return quantize(Image.new("RGB", (1, 1), colour)).convert("RGB").getpixel((0, 0))


def colours_in(image: Image.Image) -> set:
    """Every colour of an RGB picture."""
    return {colour for _, colour in image.getcolors(image.width * image.height)}


def test_one_line_per_player_in_its_own_colour_and_the_legend_grows_with_them():
    two = picture(render_chart([[0, 3, 5, 9], [0, 4, 4, 7]], ["Ann", "Bo"], WORDS))
    four = picture(render_chart([[0, 3, 5, 9], [0, 4, 4, 7], [1, 1, 2, 2], [0, 8, 9, 30]],
                                ["Ann", "Bo", "카롤", "Dee"], WORDS))
    assert two.width == four.width == WIDTH and four.height > two.height
    colours = {stored(colour) for colour, _ in SERIES_STYLES[:4]}
    assert len(colours) == 4
    found = colours_in(four) & colours
    assert found == colours                                  # every player's line and marker is drawn
    assert {stored(colour) for colour, _ in SERIES_STYLES[:2]} <= colours_in(two)
    assert stored(SERIES_STYLES[3][0]) not in colours_in(two)


def test_same_input_same_bytes_and_odd_inputs():
    series = [[0, -2, 5], [10, 10, 10]]
    words = ChartWords("T", "X", ("a", "b", "c"))
    assert render_chart(series, ["A", "B"], words) == render_chart(series, ["A", "B"], words)
    single = picture(render_chart([[7]], ["Solo with a very long name " * 4], ChartWords("T", "X", ())))
    assert single.width == WIDTH
    long_game = picture(render_chart([list(range(200)), list(range(0, 400, 2))], ["A", "B"], ChartWords("T", "X", ())))
    assert long_game.width == WIDTH
    with pytest.raises(ValueError):
        render_chart([], [], words)
    with pytest.raises(ValueError):
        render_chart([[]], ["A"], words)
