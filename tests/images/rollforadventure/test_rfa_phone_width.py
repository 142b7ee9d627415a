"""Roll for Adventure's whole table at a phone's width: Discord shows it about 290 px wide on a 360 px screen,
where a tour (t10, defect 4) read the Ice Cave's rewards, the heroes' abilities, the loss line and the field
hints 6-8 px tall (a 640 px picture, 22-24 px text). Every text of the table — every side of each territory,
enemies on them and beside the board, special enemies, the banner while a game runs and once it is won or
lost, two to four heroes with long names — in every language is held to a cap height of 9 px at 290 px wide,
and the rules' words (decisions, abilities, rewards, the deck's note, why the game ended) are never cut: only a
player's or an enemy's name may end in "…".

The end picture (``final.py``, 640 px wide with 24 px words: 8 px there) is held to the same: won and lost
ends (a fallen territory, no dice left), a standing mid-game, solo and four heroes, why the game ended, the
adventure and the facts whole. So is the live picture (``live.py``, the one the live message shows every
turn, 640 px with 24 px words too): every phase and moment of the replayed games, solo and four heroes; its
banner names the hero due whole ("Shieldmai…" was cut beside a solo throw that had wrapped to a second row)."""
from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rfa_scenes as S  # noqa: E402

from bot.games.rollforadventure import content as C  # noqa: E402
from images.rollforadventure import final, live, render_final, render_table, table, words  # noqa: E402
from images.text import ELLIPSIS  # noqa: E402
from tools import legibility  # noqa: E402

LOCALES = ("en", "de", "fr", "ko")
#: how wide Discord shows a picture on a 360 px phone screen (281 px in the tour's screenshots)
SHOWN = legibility.SHOWN_WIDTH
#: the least cap height a text may have there
LEAST_CAP = 9.0
NAMES = ["Bartholomew the Magnificent", "Chloé Lefèvre-Dubois", "김민준서연하늘", "Dmitri Alexandrovich"]
#: the replayed games (rfa_scenes) and how often to draw one: A and B sides, specials, heroes chosen, a solo
#: game, won and lost endings
GAMES = ("four_a", "three_b_specials", "two_mixed", "solo", "four_giants", "three_a_won", "four_choose")
EVERY = 40


def states() -> list[dict]:
    """Every ``EVERY``-th state of each game, and its last."""
    out = []
    for name in GAMES:
        history = S.game(name)
        out += [*history[::EVERY], history[-1]]
    return out


@cache
def drawn(locale: str) -> tuple[legibility.Seen, ...]:
    """Every text the table pictures of ``states()`` draw in ``locale``."""
    with legibility.recording() as rec:
        for state in states():
            render_table(state, NAMES, locale)
    return tuple(s for s in rec.seen if s.picture == "rfa_table")


def cap_shown(seen: legibility.Seen) -> float:
    """The text's cap height once its picture is shown ``SHOWN`` px wide."""
    return legibility.CAP * seen.size * SHOWN / seen.canvas


def assert_legible(seen: list[legibility.Seen], least: float = LEAST_CAP) -> None:
    """Every text of ``seen`` has a cap height of at least ``least`` px once shown ``SHOWN`` px wide."""
    small = sorted({(s.kind, s.text, s.size, s.canvas) for s in seen if cap_shown(s) < least})
    assert not small, f"under {least:.1f} px cap height at {SHOWN} px wide: {small[:12]}"


def test_the_states_cover_every_side_specials_and_both_endings():
    seen = states()
    sides = {(t, s["terr"][t]["side"]) for s in seen for t in C.TERRITORIES}
    assert sides == {(t, side) for t in C.TERRITORIES for side in "AB"}
    assert any(C.CARDS[c]["territory"] is None for s in seen for c in s["display"])
    assert {s["result"] for s in seen} >= {None, "won", "lost"}
    assert {len(s["heroes"]) for s in seen} >= {2, 3, 4}


@pytest.mark.parametrize("locale", LOCALES)
def test_every_text_of_the_table_is_legible_at_a_phones_width(locale):
    seen = drawn(locale)
    assert len(seen) > 1000
    assert_legible(seen)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_rules_words_are_never_cut(locale):
    """The Ice Cave's rewards (both sides), the heroes' abilities and each decision come out whole (wrapped, not
    shrunk or ellipsised); only a name ends in "…" ("Bartholomew the Ma… · Veteran", "Étrangleur des arb… C")."""
    texts = {s.text for s in drawn(locale)}
    joined = " ".join(texts)
    rules = [words.say("rollforadventure.img.ice_a_rewards", locale)]
    rules += [words.say(f"rollforadventure.img.reward.{reward}", locale) for _, reward in C.ICE_B_LINES.values()]
    rules += [words.ability(s["heroes"][h]["hero"], locale) for s in states() for h in range(len(s["heroes"]))
              if s["heroes"][h]["hero"]]
    rules += [words.decision(s["decision"]["kind"], locale) for s in states() if s["decision"]]
    # a wrapped text is drawn a line at a time: each of its words is somewhere, none with an ellipsis
    missing = {r for r in rules if not all(word in joined for word in r.split())}
    assert not missing, missing
    cards = {words.say(f"rollforadventure.card.{card['type']}", locale) for card in C.CARDS.values()}
    cut = {text for text in texts if ELLIPSIS in text}
    names_cut = {text for text in cut
                 if any(text.split(ELLIPSIS)[0].rstrip() and name.startswith(text.split(ELLIPSIS)[0].rstrip())
                        for name in [*NAMES, *cards])}
    assert cut == names_cut, cut - names_cut


# --- the end picture ---------------------------------------------------------------------------------------

#: ends worth drawing: four heroes lost (a territory fell), three won, solo (two heroes) won, two out of dice,
#: and a standing mid-game
FINAL_GAMES = ("four_a", "three_a_won", "solo", "two_no_dice", "four_giants")


def final_states() -> list[dict]:
    return [*(S.game(name)[-1] for name in FINAL_GAMES), S.game("four_a")[20]]


@cache
def final_drawn(locale: str) -> tuple[legibility.Seen, ...]:
    """Every text the end pictures of ``final_states()`` draw in ``locale``."""
    with legibility.recording() as rec:
        for state in final_states():
            render_final(state, NAMES, locale)
    return tuple(s for s in rec.seen if s.picture == "rfa_final")


def test_the_end_states_cover_won_lost_no_dice_solo_and_four_heroes():
    seen = final_states()
    assert {s["result"] for s in seen} == {None, "won", "lost"}
    assert {len({h["seat"] for h in s["heroes"]}) for s in seen} >= {1, 4}
    assert any(s["result"] == "lost" and not table.fallen(s) for s in seen), "no dice left"
    assert final.WIDTH == table.WIDTH == 480


@pytest.mark.parametrize("locale", LOCALES)
def test_every_text_of_the_end_picture_is_legible_at_a_phones_width(locale):
    seen = final_drawn(locale)
    assert {s.canvas for s in seen} == {final.WIDTH} and len(seen) > 80
    assert_legible(seen)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_end_pictures_words_are_whole_and_only_names_cut(locale):
    """Why the game ended, the adventure, the facts, each territory and each hero come out whole (wrapped);
    only a player's name ends in "…" ("Bartholomew the Magnifi… · Veteran")."""
    from bot.games.rollforadventure.kind import KIND

    texts = {s.text for s in final_drawn(locale)}
    joined = " ".join(texts)
    whole = []
    for s in final_states():
        score = KIND.score(s)
        title, why, _ = table.verdict(s, locale)
        whole += [title, why, words.adventure(s["options"]["adventure"], locale),
                  words.say("rollforadventure.img.final.facts", locale, turns=score["turns"],
                            defeated=score["defeated"])]
        whole += [words.territory(t, locale) for t in C.TERRITORIES]
        whole += [f" · {words.hero(h['hero'], locale)}" for h in s["heroes"]]
    missing = {r for r in whole if not all(word in joined for word in r.split())}
    assert not missing, missing
    heroes = {f" · {words.hero(h['hero'], locale)}" for s in final_states() for h in s["heroes"]}
    cut = {text for text in texts if ELLIPSIS in text}
    names_cut = {text for text in cut
                 if any(name.startswith(text.split(ELLIPSIS)[0]) for name in NAMES)
                 and text.split(ELLIPSIS)[1] in {"", *heroes}}
    assert cut == names_cut, cut - names_cut


# --- the live picture ----------------------------------------------------------------------------------------

#: a solo player whose name is long too: "Player · Hero" does not fit, the name gives way
SOLO_NAMES = ["Bartholomew the Magnificent of Everlasting"]
LIVE_EVERY = 25


def live_states() -> list[dict]:
    """Every ``LIVE_EVERY``-th state of each game (heroes chosen, solo with its wrapped throw, specials, B
    sides) and the moments worth drawing (the Ice Cave's legend, a full Forest B arch, the Master alone)."""
    out = []
    for name in GAMES:
        history = S.game(name)
        out += [s for s in history[::LIVE_EVERY] if not s["result"]]
    moments = (S.deciding("pick_hero"), S.deciding("ice_claim"), S.ice_b_line, S.forest_b_full, S.master_alone,
               S.big_throw, S.many_enemies, S.specials_displayed)
    out += [s for s in (S.first(p) for p in moments) if s is not None]
    out += [s for s in S.game("solo") if not s["result"] and len(live.live_view(s).throw) > 8][:2]
    return out


def live_names(state: dict) -> list[str]:
    return SOLO_NAMES if state["seats"] == 1 else NAMES


@cache
def live_drawn(locale: str) -> tuple[legibility.Seen, ...]:
    """Every text the live pictures of ``live_states()`` draw in ``locale``."""
    with legibility.recording() as rec:
        for state in live_states():
            live.live_png.__wrapped__(live.live_view(state, live_names(state), locale), locale)
    return tuple(s for s in rec.seen if s.picture == "rfa_live")


def test_the_live_states_cover_solo_four_heroes_choosing_and_the_notes():
    seen = live_states()
    assert {len({h["seat"] for h in s["heroes"]}) for s in seen} >= {1, 2, 3, 4}
    view = [live.live_view(s) for s in seen]
    assert any(v.offers for v in view) and any(v.master_alone for v in view) and any(v.specials for v in view)
    assert any(tr.legend for v in view for tr in v.territories)
    assert any(tr.sacrifice is not None for v in view for tr in v.territories)
    assert any(v.two_heroes and len(v.throw) > live._throw_geometry(v)[0] for v in view), "a solo throw of two rows"
    assert live.WIDTH == 480


@pytest.mark.parametrize("locale", LOCALES)
def test_every_text_of_the_live_picture_is_legible_at_a_phones_width(locale):
    seen = live_drawn(locale)
    assert {s.canvas for s in seen} == {live.WIDTH} and len(seen) > 500
    assert_legible(seen)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_live_pictures_words_are_whole_and_only_names_cut(locale):
    """The heroes' abilities on offer, the Ice Cave's rewards, the sacrifice, the Master's warning, the
    territories, vortexes and the hero due come out whole; only a player's or an enemy's name ends in "…"."""
    texts = {s.text for s in live_drawn(locale)}
    joined = " ".join(texts)
    whole = [words.say(key, locale) for key in ("rollforadventure.img.master_alone", "rollforadventure.img.beside",
                                                "rollforadventure.img.memory", "rollforadventure.img.oblivion")]
    whole += [words.territory(t, locale) for t in C.TERRITORIES]
    for s in live_states():
        view = live.live_view(s, live_names(s), locale)
        whole += [words.say(key, locale) for tr in view.territories for _, key in tr.legend]   # what a claim brings
        whole += [words.say("rollforadventure.img.sacrifice", locale, value=tr.sacrifice) for tr in view.territories
                  if tr.sacrifice is not None]
        whole += [words.ability(o.hero, locale) for o in view.offers]
        whole += [words.hero(o.hero, locale) for o in view.offers]
    missing = {r for r in whole if not all(word in joined for word in r.split())}
    assert not missing, missing
    cards = {words.say(f"rollforadventure.card.{card['type']}", locale) for card in C.CARDS.values()}
    heroes = {"", *(f" · {words.hero(h, locale)}" for h in C.HEROES)}
    cut = {text for text in texts if ELLIPSIS in text}
    names_cut = {text for text in cut
                 if any(text.split(ELLIPSIS)[0].rstrip() and name.startswith(text.split(ELLIPSIS)[0].rstrip())
                        for name in [*NAMES, *SOLO_NAMES, *cards])}
    assert cut == names_cut, cut - names_cut
    # a player's name gives way to the hero: the hero after it is whole
    assert all(text.split(ELLIPSIS)[1] in heroes or text.split(ELLIPSIS)[1].startswith(" ")
               for text in names_cut if any(n.startswith(text.split(ELLIPSIS)[0]) for n in [*NAMES, *SOLO_NAMES]))


@pytest.mark.parametrize("locale", LOCALES)
def test_the_hero_due_is_named_whole_over_a_solo_throw_of_two_rows(locale):
    """A tester saw "Shieldmai…" in a solo turn picture whose dice had wrapped to a second row: the banner's
    name had 200 px beside the throw. Every hero's name is drawn whole there, after the player's (shortened)."""
    state = next(s for s in live_states() if s["seats"] == 1 and len(live.live_view(s).throw) > 8)
    for hid in C.HEROES:
        shown = {**state, "heroes": [{**h, "hero": hid} for h in state["heroes"]]}
        with legibility.recording() as rec:
            live.live_png.__wrapped__(live.live_view(shown, SOLO_NAMES, locale), locale)
        [line] = [s.text for s in rec.seen if s.kind == "live._name_line"]
        assert line.endswith(f" · {words.hero(hid, locale)}"), line
        assert cap_shown(next(s for s in rec.seen if s.kind == "live._name_line")) >= LEAST_CAP


#: the texts a French tour (t12, defect 9) read 6-9 px tall on a phone that showed the table 270-281 px wide: the
#: Forest's "5·6" and every field's hint, the Ice Cave's rewards, the heroes' abilities and why the game ended
READ_SMALL = ("pieces.field", "fields.ice_a:rule", "table._hero:rule", "table._banner:rule")
#: their least cap height at ``SHOWN``: 9 px still where a phone shows the picture 270 px wide
READ_CAP = LEAST_CAP * SHOWN / 270


@pytest.mark.parametrize("locale", LOCALES)
def test_the_hints_rewards_abilities_and_why_the_game_ended_read_on_a_narrower_phone(locale):
    seen = [s for s in drawn(locale) if s.kind in READ_SMALL]
    assert {s.kind for s in seen} == set(READ_SMALL)
    assert any(s.text == "5·6" for s in seen)
    assert_legible(seen, READ_CAP)
