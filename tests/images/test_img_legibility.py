"""Text sizes at Discord's phone width (about 360 px): what a player decides by is legible without zooming.

Measured with `tools.legibility` over the hand-built gallery scenes (every Roll Player picture kind), dice
poker, the Roll Player step pictures and Roll for Adventure's table and end of seeded games: per text kind
(the renderer function that drew it) the median cap height once the picture is scaled to 360 px wide.
Decision text (dice totals, goals, card names and costs, whose turn, totals, scores, the poker hands, every
word of the Roll for Adventure table) must reach 9 px; labels and legends 8 px; rule texts on cards, which a
player may tap to read, 7.5 px. Long player names may shrink below that (they are ellipsised rather than
overflow).
"""

from __future__ import annotations

import pytest

from tools import gallery, legibility

DECISION = {
    "sheet": ["sheet.draw", "sheet._turn_banner", "sheet._group_header", "sheet._header", "cards.draw_owned",
              "cards.draw_armor", "sheet._draw_armor_sets", "sheet._draw_cards", "sheet._draw_breakdown",
              "sheet._weapon_bonus", "sheet._alignment_axes", "sheet._class_power:rule", "sheet._draw_legend"],
    "table": ["table._pending", "table._players", "table._initiative", "cards.draw_market", "table._header"],
    "scores": ["scores._total", "scores._table", "scores._title"],
    "poker_hand": ["hand.render_hand"],
    "poker_match": ["match._seat_panel"],
    "step": ["step._header", "step._draw_band", "step._grid"],
    "live": ["live._header", "live._initiative", "live._market_strip", "live._market_cards", "live._players",
             "live._setup"],
    "rfa_final": ["final.render_final", "final.render_final:rule", "final._verdict", "final._verdict:rule",
                  "final._stones", "final._territory", "final._team"],
    # the whole co-op table: every word on it is decided by (the hero lines, the deck's note and the Ice Cave
    # legend are wrapped paragraphs, hence ":rule", but a player reads them to choose a move)
    "rfa_table": ["table._header", "table._banner", "table._banner:rule", "table._territory", "table._chip",
                  "table._vortexes", "table._deck", "table._deck:rule", "table._specials", "table._hero",
                  "table._hero:rule", "fields.desert_a", "fields.desert_b", "fields.forest_b", "fields.ice_a:rule",
                  "fields.ice_b", "pieces.field", "pieces.tag"],
}


@pytest.fixture(scope="module")
def measured():
    with legibility.recording() as rec:
        gallery.hand_built("en")
        gallery.dicepoker(2, 7, {}, "en")
        legibility.step_pictures("en")
        legibility.step_pictures("ko", seats=4)
        legibility.live_pictures("en")
        legibility.rfa_final_pictures("en")
        legibility.rfa_final_pictures("ko")
        for locale in ("en", "de", "ko"):
            legibility.rfa_table_pictures(locale)
    by_picture: dict[str, legibility.Record] = {}
    for s in rec.seen:
        by_picture.setdefault(s.picture, legibility.Record()).seen.append(s)
    return by_picture


@pytest.mark.parametrize("picture", sorted(DECISION))
def test_decision_text_is_legible_at_phone_width(measured, picture):
    typical = measured[picture].typical()
    low = {k: round(typical[k], 1) for k in DECISION[picture] if k in typical and typical[k] < 9}
    assert not low, f"{picture}: decision text under 9 px cap height at 360 px: {low}"
    assert set(DECISION[picture]) & set(typical), "the recorder sees the decision texts"
    if picture == "rfa_table":
        assert set(DECISION[picture]) <= set(typical), "every word of the table is measured"


def test_every_text_kind_has_a_floor(measured):
    low = {}
    for picture, rec in measured.items():
        for kind, cap in rec.typical().items():
            floor = 7.5 if kind.endswith(":rule") else 8.0
            if cap < floor:
                low[f"{picture}:{kind}"] = round(cap, 1)
    assert not low, low


def test_the_measure_scales_with_the_picture_width():
    s = legibility.Seen("sheet", "x", 22, 640, "Total")
    assert s.cap == pytest.approx(0.73 * 22 * 360 / 640)
    assert legibility.Seen("sheet", "x", 22, 1000, "Total").cap < 6


#: the sheet's words that were 4–5 px high on a phone in some language (a row's weapon bonus, the alignment grid's
#: axes, the class power, the colour legend): each one, not only their median, is held to 9 px
SHEET_WORDS = ("sheet._weapon_bonus", "sheet._alignment_axes", "sheet._class_power", "sheet._class_power:rule",
               "sheet._draw_legend")


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
def test_the_sheets_small_words_are_legible_whole_in_every_language(locale):
    """Every class's power (the longest are French and German), the alignment axes, the legend and the weapon
    bonus of sheets drawn afresh (the static part's cache would hide its words from the recorder): each text
    at least 9 px cap height at 360 px wide, and none cut short."""
    from bot.games.rollplayer import content
    from images.labels import label
    from images.rollplayer import sheet
    from images.rollplayer.views import ALIGN_COLUMNS, ALIGN_ROWS, COLOURS
    from tools import rp_samples

    sheet._static_cache.clear()
    seen, powers = [], {}
    for cls in content.classes():
        with legibility.recording() as rec:
            sheet.draw(rp_samples.make_sheet(name="Chloé", cls=cls), locale)
        seen += rec.seen
        powers[cls] = "".join(s.text for s in rec.seen if s.kind == "sheet._class_power:rule")
    with legibility.recording() as rec:
        sheet.draw(rp_samples.mid_sheet(), locale)            # weapons add to three rows
    seen = [s for s in seen + rec.seen if s.kind in SHEET_WORDS]
    assert {s.kind for s in seen} == set(SHEET_WORDS)
    small = {(s.kind, s.text): round(s.cap, 1) for s in seen if s.cap < 9}
    assert not small, small
    words = {s.text for s in seen}
    names = [label(f"img.align.{name}", locale) for name in (*ALIGN_COLUMNS, *ALIGN_ROWS)]
    names += [label(f"img.colour.{colour}", locale) for colour in COLOURS]
    assert set(names) <= words, "a word was cut short"
    for cls, drawn in powers.items():
        assert drawn.replace(" ", "") == content.power_text(cls, locale).replace(" ", ""), cls


#: names the tour saw at 7 px in the final scores' column heads (two lines, shrunk to 17 px at 640 px wide)
HEAD_NAMES = ["# **Ann** ~~x~~ ||s|| `c` __u__", "@everyone <@1> @here", "> مرحبا שלום é ZW!",
              "김민준 日本語 中文 Xxxxxxxxxxxxx", "Chloé Lefèvre-Dubois", "Bartholomew the Magnificent"]


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_final_scores_player_names_are_legible_at_phone_width(locale, seats):
    """Each line of each player's name in the final scores' column heads, long ones included, is at least
    9 px cap height at 360 px wide, and as large as the class names under it."""
    from bot.games.rollplayer import content
    from images.rollplayer import scores
    from tools import rp_samples

    for names in (HEAD_NAMES[:seats], HEAD_NAMES[-seats:]):
        with legibility.recording() as rec:
            scores.draw(rp_samples.make_scores(seats, names=names), locale)
        classes = {content.class_name(c, locale) for c in content.classes()}
        heads = [s for s in rec.seen if s.kind == "scores._heads"]
        name_lines = [s for s in heads if s.text not in classes]
        assert len(name_lines) >= seats, [s.text for s in heads]
        small = {s.text: round(s.cap, 1) for s in name_lines if s.cap < 9}
        assert not small, small
        assert min(s.size for s in name_lines) >= max(s.size for s in heads if s.text in classes)
