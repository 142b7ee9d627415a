"""Every message key the rules, the bot and the pictures can produce has English text in dicepoker.po."""
from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po
from dp_kit import bot, play

import bot as bot_pkg
from bot.games.dicepoker import moves, options, rules
from bot.games.dicepoker.content import HANDS, STEPS
from bot.games.dicepoker.kind import KIND
from bot.games.errors import RuleError
from bot.i18n import catalog, t
from images.dicepoker import words
from tools.i18n_keys import call_keys

PO = Path(bot_pkg.__file__).parent / "i18n" / "locales" / "en" / "LC_MESSAGES" / "dicepoker.po"


def _po():
    with PO.open("rb") as fh:
        return {m.id: m.string for m in read_po(fh, locale="en") if m.id}


def test_every_key_is_prefixed_and_has_text():
    entries = _po()
    assert len(entries) > 100
    for key, text in entries.items():
        assert key.startswith("dicepoker.") and text and " " not in key
    assert all(catalog("en")[k] == v for k, v in entries.items())     # merged without collisions


def test_event_and_error_keys_of_real_play_exist():
    seen = set()
    for seats, opts in ((2, {}), (2, {"purse": 1}), (1, {}), (1, {"purse": 3}), (1, {"mode": "local_gamblers"}),
                        (1, {"mode": "local_gamblers", "purse": 1})):
        for seed in range(12):
            s = KIND.create(seats, seed, opts)
            seen |= {e["key"] for e in rules.deal_events(s)}
            _, _, events = play(s, bot("easy"))
            seen |= {e["key"] for e in events}
            for e in events:
                assert "⟦" not in words.event_text(e, "en", ["Ann", "Bo"])
    expected = {f"dicepoker.event.{n}" for n in (
        "hand_started", "ante_paid", "stake_paid", "pot_formed", "rolled", "gamblers_rolled", "rerolled", "kept_all",
        "gamblers_rerolled", "hand_won", "lost_to_gamblers", "paid_out", "cannot_ante", "match_won",
        "session_over")}
    assert expected <= seen
    have = catalog("en")
    assert all(k in have for k in seen)


def test_rule_error_keys_exist():
    have = catalog("en")
    source_keys = [k for k in call_keys() if k.startswith("dicepoker.")]
    assert source_keys and all(k in have for k in source_keys)
    s = KIND.create(2, 1, {})
    for seat, move in ((0, {}), (0, []), (0, {"type": "x"}), (0, {"type": "reroll", "keep": [9]}),
                       (5, {"type": "reroll", "keep": []}), (1, {"type": "reroll", "keep": [], "seat": 0}),
                       (0, {"type": "reroll", "keep": []})):
        try:
            KIND.apply(s, seat, move)
        except RuleError as error:
            assert error.key in have, error.key
    for name in ("bad_options", "bad_option", "unknown_option", "bad_seats", "bad_seed", "bad_snapshot",
                 "bad_move", "unknown_move", "bad_keep", "bad_seat", "wrong_seat", "game_finished",
                 "not_your_turn", "bad_level"):
        assert f"dicepoker.error.{name}" in have


def test_id_families_have_text():
    have = catalog("en")
    families = [f"dicepoker.hand.{h}" for h in HANDS] + [f"dicepoker.step.{s}" for s in STEPS]
    families += [f"dicepoker.mode.{m}" for m in options.MODES]
    families += [f"dicepoker.reason.{r}" for r in ("gold", "best_hand", "draw", "broke", "hands_played")]
    families += ["dicepoker.decision.reroll"]
    assert [k for k in families if k not in have] == []
    assert moves.MOVE_TYPES == ("reroll",)


def test_move_labels():
    dice = [4, 4, 1, 3, 6]
    # how many dice are rerolled, said as dice (a French tour read "relancer 2" as the value 2)
    assert words.move_label({"type": "reroll", "keep": [0, 1]}, dice) == "Keep 4 4, reroll 3 dice"
    assert words.move_label({"type": "reroll", "keep": [0, 1, 2, 3]}, dice) == "Keep 4 4 1 3, reroll 1 die"
    assert words.move_label({"type": "reroll", "keep": [0, 1]}, dice, "fr") == "Garder 4 4, relancer 3 dés"
    assert words.move_label({"type": "reroll", "keep": [0, 1, 2, 3, 4]}, dice) == t("dicepoker.move.keep_all")
    assert words.move_label({"type": "reroll", "keep": []}, dice) == t("dicepoker.move.reroll_all")


def test_event_text_fills_names_and_words():
    text = words.event_text({"key": "dicepoker.event.hand_won", "params": {
        "seat": 1, "loser": 0, "purse": 7, "hand": "full_house", "other_hand": "two_pairs",
        "decided_by": "category", "pot": 3}}, "en", ["Anja", "Markus"])
    assert text == "Markus wins the pot of 3 Gold: Full House beats Two Pairs (the better hand)"


def test_hint_lines(monkeypatch):
    from dp_kit import ForcedDice

    from bot.games.dicepoker import ai
    ForcedDice(monkeypatch, [2, 2, 2, 3, 3] + [1, 1, 2, 3, 4] + [1] * 30)
    s = KIND.create(2, 0, {})
    hint = ai.explain(s, 1, "best")
    line = words.hint_text(hint, s["sides"][1]["dice"])
    assert line == "Best keep: 1 1 — wins 6.6 % of the time" and hint["exact"] == "85/1296"
    solo = KIND.create(1, 0, {})
    line = words.hint_text(ai.explain(solo, 0, "best"), solo["sides"][0]["dice"])
    assert "Gold on average" in line
    assert words.hint_text(ai.explain(solo, 0, "easy"), solo["sides"][0]["dice"])


def test_a_solo_hand_that_pays_nothing_says_so():
    """"is paid 0 Gold" read oddly (a Korean tour: "금화 0개를 받았어요"): a payout of nothing is said in words."""
    event = {"key": "dicepoker.event.paid_out", "params": {"seat": 0, "hand": "nothing", "gold": 0, "purse": 12}}
    for locale in ("en", "de", "fr", "ko"):
        text = words.event_text(event, locale, ["Ann"])
        assert text == words.event_text({**event, "key": "dicepoker.event.paid_nothing"}, locale, ["Ann"])
        assert " 0 " not in f" {text} " and "0개" not in text, text
    paid = words.event_text({**event, "params": {**event["params"], "gold": 3}}, "en", ["Ann"])
    assert "is paid 3 Gold" in paid
