"""The shared score chart: any number of players and steps, readable when shown 290 px wide (a phone)."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import t
from images import palette as P
from images.chart import SERIES_STYLES, WIDTH, ChartWords, render_chart
from images.png import quantize
from images.text import ELLIPSIS
from tools import legibility

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


def legend_marker(image: Image.Image, seat: int, seats: int) -> set:
    """The colours of seat ``seat``'s marker in the legend (the rows end ``PAD`` + 10 px above the bottom)."""
    from images.chart import LEGEND_ROW, PAD
    mid = image.height - PAD - 10 - LEGEND_ROW * (seats - seat) + LEGEND_ROW // 2
    return colours_in(image.crop((PAD * 2 - 6, mid - 16, PAD * 2 + 30, mid + 16)))


def test_a_seat_with_a_badge_wears_it_and_no_seat_wears_anothers():
    """Roll Player shows each seat by its class badge: the chart drew Ann (green class) as a blue square and
    Bot 2 as a green triangle, Ann's badge everywhere else."""
    from images.chart import badge_line, series_styles

    badges = ["blue", "black", "green", "white"]
    image = picture(render_chart([[0, 3, 5, 9], [0, 4, 4, 7], [1, 1, 2, 2], [0, 8, 9, 30]],
                                 ["Ann", "Bot 1", "Bot 2", "Dee"], WORDS, badges))
    for seat, badge in enumerate(badges):
        marker = legend_marker(image, seat, 4)
        assert stored(P.DIE_FILL[badge]) in marker, badge
        # (white is also the glyph's ink on the dark badges)
        assert not {stored(P.DIE_FILL[other]) for other in badges if other not in (badge, "white")} & marker, badge
        assert stored(badge_line(badge)) in colours_in(image)           # its line
    assert badge_line("black") != P.DIE_FILL["black"]                  # a black line would not show on the dark
    # a seat without a badge (yet) gets a plain style no other seat's badge rules out, by colour or by shape
    styles = series_styles(4, ["green", None, "blue", None])
    assert [s.badge for s in styles] == ["green", None, "blue", None]
    plain = [(s.colour, s.shape) for s in styles if s.badge is None]
    assert len(set(plain)) == 2
    assert not {shape for _, shape in plain} & {"triangle", "diamond"}
    assert not {colour for colour, _ in plain} & {P.GOOD, P.DIE_FILL["green"], P.DIE_FILL["blue"]}


def test_without_badges_the_plain_styles_keep_the_seat_order():
    """A game whose pictures give seats no badge (dice poker) keeps the chart it had."""
    from images.chart import series_styles

    assert [(s.colour, s.shape) for s in series_styles(6)] == list(SERIES_STYLES)
    series = [[0, 3, 5, 9], [0, 4, 4, 7]]
    assert render_chart(series, ["A", "B"], WORDS) == render_chart(series, ["A", "B"], WORDS, [None, None])


#: how wide Discord shows a picture on a 360 px phone screen (281 px in a tour's screenshots), and the least cap
#: height a text may have there
SHOWN = legibility.SHOWN_WIDTH
LEAST_CAP = 9.0
LONG_NAME = "Bartholomew the Magnificent"


def cap_shown(seen: legibility.Seen) -> float:
    """The text's cap height once its picture is shown ``SHOWN`` px wide."""
    return legibility.CAP * seen.size * SHOWN / seen.canvas


def chart(locale: str, names: list[str], keys: tuple[str, str]) -> None:
    """The score chart as the shell draws it at a game's end (nine steps: the start, eight hands)."""
    steps = tuple(t("history.chart.start", locale) if k == 0 else t("history.chart.end", locale) if k == 8
                  else str(k) for k in range(9))
    render_chart([[5, 4, 3, 5, 4, 6, 5, 4, 6], [5, 7, 9, 8, 10, 9, 11, 13, 12]], names,
                 ChartWords(t(keys[0], locale), t(keys[1], locale), steps))


@pytest.mark.parametrize("locale", ("en", "de", "fr", "ko"))
def test_the_score_chart_is_legible_at_a_phones_width(locale):
    """A dice poker tour read the chart's axes 6 px tall on a phone (26 px text at 720 px). The chart beside a
    finished match (and a Roll Player game's, drawn by the same kit): axis labels, legend and title at 9 px cap
    height or more; a long title wraps rather than shrinks ("Voraussichtliche Wertung, Runde für Runde")."""
    with legibility.recording() as rec:
        for keys in (("dicepoker.chart.title", "dicepoker.chart.x_axis"), ("chart.title", "chart.x_axis"),
                     ("history.chart.title", "history.chart.x_axis")):
            chart(locale, [LONG_NAME, "김민준"], keys)
            chart(locale, [t("bot.seat_name", locale, level=t("bot.level.easy", locale)), "Anja"], keys)
    assert len(rec.seen) > 40
    small = sorted({(s.text, s.size, s.canvas) for s in rec.seen if cap_shown(s) < LEAST_CAP})
    assert not small, f"under {LEAST_CAP} px cap height at {SHOWN} px wide: {small[:12]}"
    assert not [s.text for s in rec.seen if ELLIPSIS in s.text]
    with legibility.recording() as rec:
        chart(locale, [LONG_NAME, "김민준"], ("history.chart.title", "history.chart.x_axis"))
    title = t("history.chart.title", locale)               # drawn first, on one line or two
    assert any(" ".join(s.text for s in rec.seen[:n]) == title for n in (1, 2)), [s.text for s in rec.seen[:2]]
