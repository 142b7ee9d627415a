"""The live message's compact picture (``images.rollforadventure.live``, issue 28 points 8 and 9): 480 px
wide, every word at 21 px or more (9.2 px cap height once Discord shows it 290 px wide on a phone; the phone
width test holds every text to that), and in every phase
what the active hero decides by — whose turn, the throw, each territory's damage and free fields, the
enemies' numbers and names (the heroes on offer while they are chosen) — in every language, in a few KB."""
from __future__ import annotations

import io
import statistics
import sys
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rfa_scenes as S  # noqa: E402

from bot.games.rollforadventure import content as C  # noqa: E402
from bot.games.rollforadventure import territories as T  # noqa: E402
from bot.games.rollforadventure.board import ids_at  # noqa: E402
from bot.games.rollforadventure.kind import KIND  # noqa: E402
from images.rollforadventure import live, render_live, words  # noqa: E402
from tools import legibility  # noqa: E402

NAMES = ["Anja", "Bartholomew the Magnificent", "Chloé", "김민준"]
LOCALES = ("en", "de", "fr", "ko")
SMALLEST = 21                       # px at 480: 9.2 px cap height at 290


def _moments():
    """One state per decision kind (and the special moments) from the replayed games."""
    preds = [S.deciding(k) for k in ("pick_hero", "place", "place_more", "promote", "desert_return", "ice_claim",
                                      "remove_die", "shield", "reward_enemy", "reward_skull", "reward_free")]
    preds += [S.specials_displayed, S.forest_b_full, S.ice_b_line, S.many_enemies, S.master_alone, S.big_throw]
    return [s for s in (S.first(p) for p in preds) if s is not None]


def _drawn(state, locale) -> tuple[Image.Image, list[legibility.Seen], int]:
    """The picture, every text drawn in it, and how many dice the throw row drew."""
    dice = []
    real = live._die
    live._die = lambda owner, value, size: dice.append((owner, value)) or real(owner, value, size)
    try:
        with legibility.recording() as rec:
            png = live.live_png.__wrapped__(live.live_view(state, NAMES, locale), locale)
    finally:
        live._die = real
    img = Image.open(io.BytesIO(png))
    return img, rec.seen, len(dice)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_word_is_legible_at_phone_width(locale):
    for state in _moments():
        img, seen, _ = _drawn(state, locale)
        assert img.width == live.WIDTH == 480 and 100 <= img.height <= 1400, img.size
        small = {(s.text, s.size) for s in seen if s.size < SMALLEST}
        assert not small, f"text under {SMALLEST} px at 480 ({state['decision']}): {small}"
        assert min(s.cap for s in seen) >= 0.73 * SMALLEST * 360 / 480


@pytest.mark.parametrize("locale", LOCALES)
def test_each_phase_shows_what_the_decision_needs(locale):
    for state in _moments():
        _, seen, dice = _drawn(state, locale)
        texts = " ".join(s.text for s in seen)
        dec = state["decision"]
        hero = state["heroes"][dec["hero_index"] if dec["kind"] == "pick_hero" else state["active"]]
        assert words.name_of(NAMES, hero["seat"], locale)[:4] in texts, "whose turn"
        if dec["kind"] == "pick_hero":
            for x in state["hero_pool"]:       # an ability is wrapped: each of its words is drawn
                assert words.hero(x, locale) in texts
                assert all(word in texts for word in words.ability(x, locale).split())
            continue
        assert dice == len(ids_at(state, "pool")), "the whole throw"
        for t in C.TERRITORIES:
            tr = state["terr"][t]
            assert words.territory(t, locale) in texts and f"{tr['skull']}/{tr['last']}" in texts
            free = [v for v in range(1, 7) if T.capacity(state, t, v)]
            for v in free:
                assert str(v) in texts
        for cid in state["display"]:
            assert f"{state['enemy_total'].get(cid, 0)}/6" in texts and words.card(cid, locale)[:6] in texts
            if C.CARDS[cid].get("rank") is not None:
                assert str(C.CARDS[cid]["rank"]) in texts
        assert f"{state['memory_total']}/10" in texts


def test_the_free_fields_come_from_the_rules():
    state = S.first(lambda s: s["turn"] > 3 and S.deciding("place")(s), ["three_a_won"])
    view = live.live_view(state, NAMES, "en")
    for tr in view.territories:
        caps = {str(v): T.capacity(state, tr.tid, v) for v in range(1, 7) if T.capacity(state, tr.tid, v)}
        if tr.tid == "forest" and len(set(caps.values())) == 1 and len(caps) == 2:
            assert tr.takes == (("5·6", caps["5"]),)
        else:
            assert dict(tr.takes) == caps


def test_same_view_same_bytes_and_a_placement_changes_the_picture():
    states = S.game("three_crowded")
    s = next(x for x in states if S.deciding("place")(x) and len(ids_at(x, "pool")) >= 3)
    assert render_live(s, NAMES, "en") == render_live(dict(s), list(NAMES), "en")
    seat = KIND.pending(s)[0]["seat"]
    move = next(m for m in KIND.legal_moves(s, seat) if m["type"] == "place")
    after, _ = KIND.apply(s, seat, move)
    assert render_live(after, NAMES, "en") != render_live(s, NAMES, "en")


def test_a_game_of_live_pictures_stays_small():
    """About a hundred pictures a 3-player game: ~6 KB each keeps a game's uploads under 1 MB (the whole
    table, anti-aliased, was ~60 KB)."""
    sizes, prev = [], None
    for s in S.game("three_crowded"):
        if s["result"]:
            break
        view = live.live_view(s, NAMES, "en")
        if view != prev:
            sizes.append(len(live.live_png.__wrapped__(view, "en")))
            prev = view
    assert statistics.mean(sizes) <= 7.5 * 1024 and max(sizes) <= 12 * 1024, (statistics.mean(sizes), max(sizes))


@pytest.mark.parametrize("locale", LOCALES)
def test_the_banner_beside_a_throw_says_which_of_a_solo_players_two_heroes_is_due(locale):
    """Solo, one player moves two heroes: the banner beside the throw read "▶ Ben" on both heroes' turns.
    It names the hero, whole, over the throw ("Ben · Shieldmaiden"; beside the throw it was cut to
    "Shieldmai…"); a player with one hero keeps their name too (it tells the players apart)."""
    def throw(seats):
        return lambda s: s["seats"] == seats and s["heroes"][s["active"]]["hero"] and live.live_view(s).throw

    for seats, names in ((1, ["Ben"]), (2, ["Ben", "Chloé"])):
        state = S.first(throw(seats))
        hero = state["heroes"][state["active"]]
        with legibility.recording() as rec:
            live.live_png.__wrapped__(live.live_view(state, names, locale), locale)
        texts = [s.text for s in rec.seen]
        expected = f"{names[hero['seat']]} · {words.hero(hero['hero'], locale)}"
        assert expected in texts, (seats, texts)


@pytest.mark.parametrize("locale", LOCALES)
def test_a_solo_banner_shows_the_heros_name_whole_beside_any_throw(locale):
    """t11: solo, the banner beside seven dice read "▶ Shieldmai…" (the name had 200 px beside the throw),
    and the hero is what tells the player's two turns apart. Every hero, beside throws of one to nine dice,
    with a short and a long player name: the hero's name is drawn whole (alone, or after "player · ")."""
    import dataclasses

    state = S.first(lambda s: s["seats"] == 1 and s["heroes"][s["active"]]["hero"] and live.live_view(s).throw)
    for player in ("Dan", "Bartholomew the Magnificent of Everlasting"):
        base = live.live_view(state, [player], locale)
        die = base.throw[0]
        for hero in C.HEROES:
            whole = words.hero(hero, locale)
            for n in range(1, 10):
                view = dataclasses.replace(base, hero=hero, throw=(die,) * n)
                with legibility.recording() as rec:
                    live.draw(view, locale)
                line = rec.seen[0].text                    # the banner, the first band, draws first
                assert line.rsplit(" · ", 1)[-1] == whole, (player, hero, n, line)
