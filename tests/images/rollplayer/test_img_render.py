"""The three pictures from hand-built views: every card, class, race, backstory and alignment renders;
sizes are what the layout says; nothing touches the edges; same view, same bytes; PNGs stay small."""

import io

import pytest
from PIL import Image

from images import icons, palette, text
from images.rollplayer import content, scores, sheet, table
from images.rollplayer.render import scores_png, sheet_png, table_png
from images.rollplayer.views import Decision
from tools import rp_samples as samples

MAX_BYTES = 200 * 1024


def _png(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


def _assert_clear_edges(data: bytes, margin: int = 10):
    """The outer `margin` pixels are plain background: nothing was drawn over (or cut at) an edge."""
    im = _png(data).convert("RGB")
    w, h = im.size
    for box in ((0, 0, w, margin), (0, h - margin, w, h), (0, 0, margin, h), (w - margin, 0, w, h)):
        colours = im.crop(box).getcolors(maxcolors=4)
        assert colours is not None and len(colours) == 1, box
        assert colours[0][1] == palette.BG


def _check(data: bytes, width: int, height: int):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) <= MAX_BYTES
    im = _png(data)
    assert im.size == (width, height)
    _assert_clear_edges(data)


ALL_CARDS = sorted(content.cards())


@pytest.mark.parametrize("chunk", range(0, len(ALL_CARDS), 9))
def test_every_market_card_renders_owned_on_a_sheet(chunk):
    ids = ALL_CARDS[chunk : chunk + 9]
    v = samples.make_sheet(cards=ids, exhausted=frozenset(ids[::2]))
    data = sheet_png(v)
    _check(data, sheet.WIDTH, sheet.height(v))


@pytest.mark.parametrize("chunk", range(0, len(ALL_CARDS), 6))
def test_every_market_card_renders_in_the_market(chunk):
    ids = ALL_CARDS[chunk : chunk + 6]
    v = samples.make_table(4, market=ids)
    data = table_png(v)
    _check(data, table.WIDTH, table.height(v))


@pytest.mark.parametrize("class_id", sorted(content.classes()))
def test_every_class_renders(class_id):
    v = samples.make_sheet(cls=class_id, dice=samples.random_dice(__import__("random").Random(2), 12))
    _check(sheet_png(v), sheet.WIDTH, sheet.height(v))


@pytest.mark.parametrize("race_id", sorted(content.races()))
def test_every_race_renders(race_id):
    v = samples.make_sheet(race=race_id)
    _check(sheet_png(v), sheet.WIDTH, sheet.height(v))


@pytest.mark.parametrize("backstory_id", sorted(content.backstories()))
def test_every_backstory_renders_with_its_six_targets(backstory_id):
    v = samples.make_sheet(backstory=backstory_id)
    assert len(v.backstory) == 6
    _check(sheet_png(v), sheet.WIDTH, sheet.height(v))


@pytest.mark.parametrize("alignment_id", sorted(content.alignments()))
def test_every_alignment_renders_each_token_cell(alignment_id):
    for token in ((0, 0), (1, 1), (2, 2)):
        v = samples.make_sheet(alignment=alignment_id, token=token)
        _check(sheet_png(v), sheet.WIDTH, sheet.height(v))


def test_korean_and_long_names_render_in_every_picture():
    for locale in ("en", "fr", "de", "ko"):
        for v in (samples.long_names_sheet(), samples.korean_sheet()):
            _check(sheet_png(v, locale), sheet.WIDTH, sheet.height(v, locale))
        names = [samples.LONG_NAME, samples.KOREAN_NAME * 3, "x", "Chloé"]
        t = samples.make_table(4, names=names, pending=tuple(Decision(s, "refresh") for s in range(4)))
        _check(table_png(t, locale), table.WIDTH, table.height(t, locale))
        s = samples.make_scores(4, names=names, tie=True)
        _check(scores_png(s, locale), scores.WIDTH, scores.height(s, locale))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_table_and_scores_for_each_player_count(players):
    t = samples.make_table(players, solo=players == 1)
    _check(table_png(t), table.WIDTH, table.height(t))
    s = samples.make_scores(players, solo=players == 1)
    _check(scores_png(s), scores.WIDTH, scores.height(s))


def test_sheet_grows_with_cards_and_keeps_its_width():
    small, big = samples.start_sheet(), samples.full_sheet()
    assert sheet.height(big) > sheet.height(small)
    assert _png(sheet_png(big)).width == _png(sheet_png(small)).width == sheet.WIDTH


def _clear_caches():
    sheet._static_cache.clear()
    for fn in (
        text._mask,
        text._width,
        text._runs,
        text.fit,
        text.wrap,
        text.wrap_fit,
        icons.die,
        icons.star,
    ):
        fn.cache_clear()


def test_rendering_is_deterministic_with_and_without_caches():
    views = [
        (sheet_png, samples.mid_sheet()),
        (table_png, samples.make_table(3)),
        (scores_png, samples.make_scores(4, tie=True)),
    ]
    first = [fn(v) for fn, v in views]
    assert [fn(v) for fn, v in views] == first
    _clear_caches()
    assert [fn(v) for fn, v in views] == first


def test_different_states_give_different_pictures():
    a = samples.make_sheet(gold=3)
    b = samples.make_sheet(gold=4)
    assert sheet_png(a) != sheet_png(b)


def test_a_die_shows_its_pips_and_its_colour_shape():
    """Each face has its own pip count and each colour its own mark, so faces and colours differ."""
    faces = {icons.die(v, "red", 66).tobytes() for v in range(1, 7)}
    assert len(faces) == 6
    marks = {icons.die(3, c, 66).convert("L").tobytes() for c in palette.DIE_FILL}
    assert len(marks) == len(palette.DIE_FILL)  # distinct even in greyscale


def test_same_bytes_in_a_fresh_process_with_another_hash_seed():
    """No set/dict-order or per-process state leaks into the pictures."""
    import hashlib
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import hashlib; from tools import rp_samples as samples;"
        " from images.rollplayer.render import sheet_png, table_png;"
        "print(hashlib.sha256(sheet_png(samples.mid_sheet()) + table_png(samples.make_table(4))).hexdigest())"
    )
    root = Path(__file__).resolve().parents[3]
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, check=True
    )
    here = hashlib.sha256(sheet_png(samples.mid_sheet()) + table_png(samples.make_table(4))).hexdigest()
    assert out.stdout.strip() == here


def test_renders_from_several_threads_match_serial_renders():
    from concurrent.futures import ThreadPoolExecutor

    views = [samples.mid_sheet(), samples.korean_sheet(), samples.full_sheet(), samples.start_sheet()] * 3
    serial = [sheet_png(v) for v in views]
    sheet._static_cache.clear()
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(sheet_png, views)) == serial
