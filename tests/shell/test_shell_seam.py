"""Issue 24, point 4: a narrow seam. A game's presentation subclasses ``cogs.seam.Presentation`` and its rules
``bot.games.kind.Kind``; the bases give every optional hook a default and say with capability flags what a game
offers, so the shell calls hooks directly instead of probing them with ``getattr``. A game lacking a required
part is refused at start-up, naming what is missing."""
from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.engine import KindRegistry
from bot.games.kind import Kind
from bot.i18n import t
from cogs.dicepoker.presentation import DicePokerPresentation
from cogs.rollforadventure.presentation import RollForAdventurePresentation
from cogs.rollplayer.presentation import RollPlayerPresentation
from cogs.seam import REQUIRED, Presentation, check_presentation
from tests.engine.toy_kind import DiceRaceKind
from tests.shell.toygame.presentation import PigPresentation
from tests.shell.toygame.rules import PigKind

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_is_a_presentation_and_gives_what_it_flags():
    games = [RollPlayerPresentation(), DicePokerPresentation(), RollForAdventurePresentation(), PigPresentation()]
    for game in games:
        check_presentation(game)
    assert [(g.has_step_picture, g.has_live_pictures) for g in games] == \
        [(True, True), (False, False), (False, True), (False, False)]


def test_a_presentation_lacking_a_part_is_refused_naming_it():
    duck = SimpleNamespace(**{name: None for name in REQUIRED})      # every part, but not the base class
    with pytest.raises(TypeError, match="subclass cogs.seam.Presentation"):
        check_presentation(duck)

    class NoTable(PigPresentation):
        table_picture = Presentation.table_picture      # left to the base: it only raises

    with pytest.raises(TypeError, match="missing table_picture$"):
        check_presentation(NoTable())

    class Flagged(PigPresentation):
        has_live_pictures = True                        # says it draws its live message, but does not

    with pytest.raises(TypeError, match="missing live_pictures$"):
        check_presentation(Flagged())

    class Bare(Presentation):
        kind = "bare"

    with pytest.raises(TypeError, match="missing group_key, .*table_picture, commands$"):
        check_presentation(Bare())


def test_the_defaults_keep_the_shells_usual_behaviour():
    pig = PigPresentation()
    game = SimpleNamespace(seats=[SimpleNamespace(name="Ann"), SimpleNamespace(name="Ben")], state=None)
    assert pig.group_label("type", [{"type": "hold"}, {"type": "roll"}], game, 0, "en") == \
        pig.move_label(game, 0, {"type": "hold"}, "en")
    assert PigKind().message_mark(None) is None and PigKind().seats_to_notify(None) is None
    assert pig.subset_menu(game, 0, [{"type": "roll"}], "en") is None and pig.catalog_prefix == ""
    assert pig.option_detail(game, 0, {}, "en") is None and pig.move_chains(game, 0, [], "en") is None
    assert pig.seat_picture(game, 0, "en") is None and not pig.is_anytime({"type": "roll"})
    # a game without its own hint wording: the advice's key with the params as its errors show them
    advice = {"move": {"type": "roll"}, "key": "engine.error.not_your_turn", "params": {"seat": 1}}
    assert Presentation.hint_text(pig, game, 0, advice, "de") == t("engine.error.not_your_turn", "de", seat="1",
                                                                   player="Ben")
    assert RollForAdventurePresentation().error_params(game, {"seat": 1, "x": "y" * 99}, "en") == \
        {"seat": "1", "x": "y" * 79 + "…", "player": "Ben"}       # cut whole graphemes, with "…" to say so


def test_kinds_declare_their_features_and_a_bare_kind_is_refused():
    race, pig = DiceRaceKind(), PigKind()
    assert (race.has_undo, race.has_hint, race.ai_levels) == (False, False, ())
    assert (pig.has_undo, pig.has_hint, pig.ai_levels) == (True, True, ("easy", "hard"))
    assert race.results(None) is None and race.round_mark(None) is None and race.projected_scores(None) is None
    assert race.is_solo(1, {}) and not race.is_solo(2, {}) and race.solo_title(7, {}) is None
    assert race.reveals(None, {}, None) is True      # no undo: every move counts as revealing

    class Duck:                                     # the required members only, without the base
        name, min_seats, max_seats = "duck", 1, 2
        create = apply = legal_moves = pending = is_finished = score = dumps = loads = Kind.results

    with pytest.raises(TypeError, match="subclass bot.games.kind.Kind"):
        KindRegistry([Duck()])


def test_the_shell_probes_no_optional_hook():
    probe = re.compile(r"(getattr|hasattr)\((presentation|kind|entry\.kind|self\.kind)\b")
    checks = ROOT / "bot" / "engine" / "kinds.py"          # the registry checks the objects it is handed
    found = [f"{path.relative_to(ROOT)}:{n}" for package in ("bot", "cogs", "images")
             for path in sorted((ROOT / package).rglob("*.py")) if path != checks
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if probe.search(line)]
    assert found == []
