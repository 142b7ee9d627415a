"""Roll for Adventure pictures drawn from real games (played by the rules' own policy): they decode, keep
their size bounds, change when the table changes, never change the state, and every word in them comes from
the catalog in each shipped language."""
from __future__ import annotations

import copy
import io
import sys
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rfa_scenes as S  # noqa: E402

from bot.games.rollforadventure import content as C  # noqa: E402
from bot.games.rollforadventure.board import ids_at  # noqa: E402
from bot.i18n import has_key, missing_marker, t  # noqa: E402
from images.rollforadventure import final, render_final, render_table, table, words  # noqa: E402

NAMES = ["Anja", "Bernd", "Chloé", "김민준"]
LOCALES = ("en", "de", "fr", "ko")
MAX_BYTES = 150 * 1024


def _decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


#: the table, 480 px wide (read on phones, shown 290 px wide), its bands one under the other: about 1520-2020 px
#: tall over the scenes' states (2-4 heroes, every territory side, 4-20 track holes, special enemies); 640 px wide
#: it was 1630-2214, 1000 px wide 1301-1973
TABLE_HEIGHT = (1500, 2600)


def _check(png: bytes, low: int = TABLE_HEIGHT[0], high: int = TABLE_HEIGHT[1], width: int = table.WIDTH
           ) -> Image.Image:
    img = _decode(png)
    assert img.width == width and low <= img.height <= high, img.size
    assert len(png) < MAX_BYTES
    return img


@pytest.fixture(autouse=True)
def said(monkeypatch):
    """Every key the pictures look up exists in English and in the requested language, and no text drawn
    is a missing-key marker."""
    used: list[tuple[str, str, str]] = []
    real = words.say

    def say(key, locale, **params):
        text = real(key, locale, **params)
        used.append((key, locale, text))
        return text

    monkeypatch.setattr(words, "say", say)
    yield used
    assert not sorted({k for k, _, _ in used if not has_key(k)})
    assert not [(k, loc) for k, loc, text in used if text.startswith("⟦") or text == missing_marker(k)]


def _sample(states, every: int = 12):
    """Every ``every``-th state, plus the first and the last."""
    picked = list(states[::every])
    if states[-1] is not picked[-1]:
        picked.append(states[-1])
    return picked


@pytest.mark.parametrize("name", [g[0] for g in S.GAMES])
def test_states_of_real_games_render(name):
    states = S.game(name)
    for s in _sample(states):
        before = copy.deepcopy(s)
        _check(render_table(s, NAMES, "en"))
        assert s == before                              # pictures only read the state


def test_every_decision_kind_renders_in_every_language(said):
    kinds = ("pick_hero", "place", "place_more", "promote", "desert_return", "ice_claim", "remove_die", "shield",
             "reward_enemy", "reward_skull", "reward_free")
    for kind in kinds:
        s = S.first(S.deciding(kind))
        assert s is not None, kind
        pngs = {loc: render_table(s, NAMES, loc) for loc in LOCALES}
        for png in pngs.values():
            _check(png)
        assert pngs["ko"] != pngs["en"] and pngs["de"] != pngs["en"]
        assert ("rollforadventure.decision." + kind, "ko") in {(k, loc) for k, loc, _ in said}


@pytest.mark.parametrize("pred", ["specials_displayed", "forest_b_full", "ice_b_line", "desert_swallowed",
                                  "giant_marker", "memory_dice", "master_alone", "big_throw", "many_enemies"])
def test_special_moments_render_in_all_locales(pred, said):
    s = S.first(getattr(S, pred))
    assert s is not None, pred
    for loc in LOCALES:
        _check(render_table(s, NAMES, loc))
    keys = {k for k, _, _ in said}
    if pred == "specials_displayed":
        assert "rollforadventure.img.beside" in keys
    if pred == "master_alone":
        assert "rollforadventure.img.master_alone" in keys


def test_the_picture_shows_what_changed():
    """A change of any shown part of the table changes the picture: the skull, a stone, the dice of a
    vortex, an enemy's total, the ability flag, the active hero."""
    s = S.first(S.many_enemies)
    base = render_table(s, NAMES, "en")
    assert render_table(copy.deepcopy(s), NAMES, "en") == base          # deterministic

    def changed(edit) -> bytes:
        c = copy.deepcopy(s)
        edit(c)
        return render_table(c, NAMES, "en")

    cid = next(c for c in s["display"] if C.CARDS[c]["territory"])
    lost = next(i for i, d in enumerate(s["dice"]) if d["at"] != "oblivion")       # a die not lost yet
    edits = [
        lambda c: c["terr"]["forest"].update(skull=c["terr"]["forest"]["skull"] + 1),
        lambda c: c.update(stones=c["stones"] + 1),
        lambda c: c["dice"][lost].update(at="oblivion", s=None),
        lambda c: c["enemy_total"].update({cid: c["enemy_total"][cid] + 2}),
        lambda c: c["heroes"][1].update(used=not c["heroes"][1]["used"]),
        lambda c: c.update(active=(c["active"] + 1) % len(c["heroes"])),
        lambda c: c.update(memory_total=7),
    ]
    pictures = [changed(e) for e in edits]
    assert all(p != base for p in pictures)
    assert len(set(pictures)) == len(pictures)


def test_consecutive_states_of_a_game_differ():
    states = S.game("four_a")[:40]
    pictures = [render_table(s, NAMES, "en") for s in states]
    differ = sum(1 for a, b in zip(pictures, pictures[1:]) if a != b)
    assert differ >= len(pictures) - 3          # every move shows (a hero-use flag alone may look alike)


def test_players_and_heroes_by_seat_count():
    """Solo plays two heroes from one seat; 2-4 seats one hero each; every hero's player name is shown."""
    for name, heroes in (("solo", 2), ("two_mixed", 2), ("three_b_specials", 3), ("four_a", 4)):
        s = S.game(name)[5]
        assert len(s["heroes"]) == heroes
        names = [f"Seat{k}Name" for k in range(4)]
        shown: list[str] = []
        real = words.name_of

        def spy(ns, seat, locale):
            out = real(ns, seat, locale)
            shown.append(out)
            return out

        words.name_of = spy
        try:
            _check(render_table(s, names, "en"))
        finally:
            words.name_of = real
        assert {f"Seat{h['seat']}Name" for h in s["heroes"]} <= set(shown)


def test_names_of_any_length_and_script_and_missing_names():
    s = S.game("four_a")[30]
    for names in (None, [], {0: "김민준", 1: "Éowyn"}, ["x" * 300, "🎲" * 40, "", "  "], {"2": "Zed"}):
        _check(render_table(s, names, "en"))
        _check(render_final(S.game("four_a")[-1], names, "en"), low=400, high=1200, width=final.WIDTH)
    assert words.name_of(None, 1, "en") == t("rollforadventure.img.player", "en", number=2)
    assert words.name_of({"2": "Zed"}, 2, "en") == "Zed"


def test_unknown_locale_falls_back_to_english():
    s = S.game("three_a_won")[10]
    assert render_table(s, NAMES, "it") == render_table(s, NAMES, "en")


def test_finished_games_show_their_result_instead_of_a_turn(said):
    won = S.game("three_a_won")[-1]
    fell = S.game("four_a")[-1]
    dry = S.game("two_no_dice")[-1]
    assert won["result"] == "won" and fell["result"] == "lost" and dry["result"] == "lost"
    for s in (won, fell, dry):
        start = len(said)
        _check(render_table(s, NAMES, "en"))
        keys = [k for k, _, _ in said[start:]]
        assert "rollforadventure.decision.place" not in keys and "rollforadventure.img.throw" not in keys
        assert f"rollforadventure.result.{s['result']}" in keys
        for loc in LOCALES:
            _check(render_table(s, NAMES, loc))
            _check(render_final(s, NAMES, loc), low=400, high=1200, width=final.WIDTH)
    keys = [k for k, _, _ in said]
    assert "rollforadventure.img.final.won" in keys
    assert "rollforadventure.img.final.fallen" in keys and "rollforadventure.img.final.no_dice" in keys
    pictures = {render_final(s, NAMES, "en") for s in (won, fell, dry)}
    assert len(pictures) == 3


def test_final_mid_game_is_a_standing():
    s = S.game("four_a")[20]
    _check(render_final(s, NAMES, "en"), low=400, high=1200, width=final.WIDTH)


def test_korean_text_is_drawn_with_the_hangul_font():
    from images.text import Face
    face = Face(24)
    label = t("rollforadventure.img.oblivion", "ko")
    assert any(run.font == "hangul" for run in face.runs(label))


@pytest.mark.parametrize("holes", [4, 20])
def test_any_track_length_fits(holes):
    """The ``track_holes`` option runs from 4 to 20: every hole is drawn inside the picture."""
    states = S.history(3, 4, (("track_holes", holes),))
    for s in (states[len(states) // 2], states[-1]):
        _check(render_table(s, NAMES, "en"))
        _check(render_final(s, NAMES, "en"), low=400, high=1200, width=final.WIDTH)


def test_the_fields_the_menus_name_are_drawn():
    """The menus name a Desert B field by its number ("Lose blue 1 (Desert, field 4)", "fields 2+3") and an
    Ice Cave B field by its letter: the numbers stand above the Desert B fields, and a letter stays on its
    field when a die covers it (the legend's lines are named by those letters)."""
    from tools import legibility

    def drawn(state) -> list:
        with legibility.recording() as rec:
            render_table(state, NAMES, "en")
        return rec.seen

    desert = S.first(lambda s: s["terr"]["desert"]["side"] == "B" and len(ids_at(s, "desert")) >= 2)
    seen = drawn(desert)
    assert [x.text for x in seen if x.kind.endswith("desert_b")] == [str(k) for k in range(1, 11)]
    ice = S.first(lambda s: s["terr"]["ice_cave"]["side"] == "B" and len(ids_at(s, "ice_cave")) >= 2)
    covered = sorted(s["s"] for s in (ice["dice"][i] for i in ids_at(ice, "ice_cave")))
    assert sorted(x.text for x in drawn(ice) if x.kind.endswith("tag")) == covered


@pytest.mark.parametrize("locale", LOCALES)
def test_cards_alike_are_numbered_as_the_menus_name_them(locale):
    """Two Tree Stranglers on the table: the table and the live picture call each what the menus and the log
    call it ("Tree Strangler C", "Tree Strangler A": a letter, as the rank beside it is a number), a card whose
    type has no twin without a letter; a name too long for its chip is shortened before its letter is."""
    from cogs.rollforadventure import words as menu_words
    from images.rollforadventure import render_live
    from tools import legibility

    s = S.first(lambda s: s["result"] is None and len({C.CARDS[c]["type"] for c in s["display"]}) < len(s["display"]))
    assert s is not None
    for render in (render_table, render_live):
        with legibility.recording() as rec:
            render(s, NAMES, locale)
        texts = {x.text for x in rec.seen}
        for cid in s["display"]:
            named = menu_words.card(cid, locale)
            assert named in texts, (render.__name__, named)
            assert (named == t(f"rollforadventure.card.{C.CARDS[cid]['type']}", locale)) == \
                (sum(c["type"] == C.CARDS[cid]["type"] for c in C.CARDS.values()) == 1)
    face, shown = words.card_fit("baumwuerger_3", locale, 90, 22, min_size=16)
    assert shown.endswith("C") and face.width(shown) <= 90


#: names long enough that "name · hero" cannot fit one line: the tour's end picture cut the hero
LONG_NAMES = ["@everyone <@1> @here \U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466\U0001F1F0\U0001F1F7",
              "김민준 日本語 中文 \U0001F44D\U0001F3FD Xxxxxxxxxxxxx ", "Bartholomew the Magnificent of Everlasting",
              "Chloé Lefèvre-Dubois de la Montagne"]


@pytest.mark.parametrize("locale", LOCALES)
def test_a_long_name_is_shortened_and_its_hero_kept_whole(locale):
    """The end picture, the table's banner and the live picture's banner write "player · hero": a long name is
    ellipsised and the hero stays whole ("김민준 … Xxxxxxxx… · Daredevil", not "… · 치…")."""
    from images.rollforadventure import live
    from tools import legibility

    states = S.game("four_a")
    kinds = ("final._team", "table._banner", "live._name_line")
    with legibility.recording() as rec:
        render_final(states[-1], LONG_NAMES, locale)
        for s in _sample(states[:-1], 5):
            render_table(s, LONG_NAMES, locale)
            live.draw(live.live_view(s, LONG_NAMES, locale), locale)
    lines = [s.text for s in rec.seen if s.kind in kinds and " · " in s.text]
    heroes = {words.hero(h, locale) for h in C.HEROES}
    assert {s.kind for s in rec.seen if s.kind in kinds and " · " in s.text} == set(kinds)
    cut = [line for line in lines if line.rsplit(" · ", 1)[1] not in heroes]
    assert not cut, cut
    names = [line.rsplit(" · ", 1)[0] for line in lines]
    assert all(name in LONG_NAMES or any(n.startswith(name[:-1].rstrip()) for n in LONG_NAMES) for name in names)
    assert any(name.endswith("…") for name in names), "a name was shortened"
