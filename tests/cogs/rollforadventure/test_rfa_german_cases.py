"""t10 defect 2: German sentences never put an enemy's name where German declines it. A tester read "Damit
besiegst du Weißer Wolf C" and "1 Würfel mit 1 auf Weißer Wolf B legen" (German wants "den Weißen Wolf"); the
catalog now frames the name so it needs no case ending ("den Feind „Weißer Wolf B“", "Besiegen: Riese D")."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from bot.games.rollforadventure import hint, policy
from bot.games.rollforadventure.content import CARDS
from bot.games.rollforadventure.kind import RollForAdventureKind
from bot.i18n import t
from cogs.rollforadventure import PRESENTATION

KIND = RollForAdventureKind()
NAMES = sorted({t(f"rollforadventure.card.{card['type']}", "de") for card in CARDS.values()}, key=len, reverse=True)
#: words after which German puts a name in the accusative (or dative): a bare name there reads wrong
GOVERNED = re.compile(r"\b(?:auf|besiegst du|trifft|erweckt|wehrt|gegen|bei|von) (?:%s)\b" % "|".join(NAMES))
BARE_OBJECT = re.compile(r"^(?:%s)(?: [A-Z0-9])? besiegen$" % "|".join(NAMES))


def texts_of_games(count=12):
    """Every German move label, hint and event line of the team policy's games (all specials in play)."""
    for g in range(count):
        seats = 2 + g % 3
        state = KIND.create(seats, g, {"hero_pool": "all", "specials": ["dragon", "giant", "phantom", "necromancer"],
                                       "heroes": "random"})
        game = SimpleNamespace(state=state, seats=[SimpleNamespace(name=f"P{i}") for i in range(seats)])
        for n in range(400):
            if KIND.is_finished(state):
                break
            seat = KIND.pending(state)[0]["seat"]
            game = SimpleNamespace(state=state, seats=game.seats)
            for move in KIND.legal_moves(state, seat):
                yield PRESENTATION.move_label(game, seat, move, "de")
            yield PRESENTATION.hint_text(game, seat, hint.hint(state, seat, n), "de")
            state, events = KIND.apply(state, seat, policy.choose_move(state, seat, n))
            game = SimpleNamespace(state=state, seats=game.seats)
            for event in events:
                yield PRESENTATION.event_line(game, event, "de")


@pytest.fixture(scope="module")
def german():
    return list(texts_of_games())


def test_no_enemy_name_stands_where_german_would_decline_it(german):
    wrong = [text for text in german if GOVERNED.search(text) or BARE_OBJECT.search(text)]
    assert not wrong, wrong[:5]
    assert any("„" in text for text in german), "no German text named an enemy at all"


def test_a_die_on_an_enemy_and_its_defeat_read_with_the_name_framed(german):
    assert any(re.search(r"auf den Feind „[^“]+“ legen$", text) for text in german)
    assert any(re.match(r"Damit ist der Feind „[^“]+“ besiegt, bevor er", text) for text in german)
