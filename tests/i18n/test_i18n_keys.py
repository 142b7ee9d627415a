"""Every key the code can produce has English text; the scanner itself finds real keys."""
from __future__ import annotations

from bot.config import REQUIRED_CHANNEL_PERMISSIONS
from bot.i18n import catalog, t
from bot.i18n.messages import placeholders
from tools.i18n_keys import babel_keys, call_keys, engine_error_keys, family_keys, missing_keys, used_keys


def dynamic_keys() -> dict[str, str]:
    """Keys the adapters build from data at run time (f-strings), family by family."""
    from bot.games.rollplayer.content import ATTRS, COLOURS
    from bot.games.rollplayer.moves import MOVE_TYPES
    from bot.games.rollplayer.scoring import SOLO_RATING_FLOOR, SOLO_RATINGS
    from cogs.core import CHECK_FAILURE_KEYS
    from cogs.help import help_commands
    from cogs.rollplayer import PRESENTATION
    from cogs.rollplayer.describe import move_key
    from cogs.rollplayer.presentation import VARIANT_OPTIONS

    RULE_TOPICS, HELP_COMMANDS = PRESENTATION.rules_topics, help_commands(PRESENTATION)
    NARROW_FIELDS = PRESENTATION.narrow_fields

    keys: list[str] = []
    keys += [f"rules_topic.{n}.{part}" for n in RULE_TOPICS for part in ("title", "text")]
    keys += [f"help.cmd.{n}" for n in HELP_COMMANDS]
    keys += [f"permission.{p}" for p in REQUIRED_CHANNEL_PERMISSIONS]
    keys += list(CHECK_FAILURE_KEYS.values())
    keys += [f"colour.{c}" for c in COLOURS] + [f"attr.{a}" for a in ATTRS]
    keys += [f"movetype.{m}" for m in MOVE_TYPES] + [f"movetype.action.{a}" for a in ATTRS]
    samples = [{"type": m} for m in MOVE_TYPES if m != "action"]
    samples += [{"type": "action", "action": a} for a in ATTRS] + [
        {"type": "take_gold", "card": "x"}, {"type": "second_swap", "skip": True},
        {"type": "open_lock", "buy": True},
        {"type": "refresh", "cards": []}, {"type": "power", "power": "attuned", "card": None},
        {"type": "power", "power": "attuned", "card": "x"}, {"type": "skill", "decline": True}]
    keys += [move_key(m) for m in samples] + ["move.with_tokens", "move.no_arrow_suffix"]
    keys += [f"option.{o}" for o in VARIANT_OPTIONS + ("promo_sheets", "cursed_ring")]
    keys += [f"option.{o}.describe" for o in VARIANT_OPTIONS + ("promos",)]
    keys += [f"button.{b}" for b in ("join", "leave", "start", "cancel", "my_moves", "my_sheet", "table")]
    keys += [f"status.{s}" for s in ("lobby", "active", "finished", "abandoned")]
    keys += [f"lobby.{a}_note" for a in ("join", "leave", "start", "cancel")]
    keys += [f"rules.solo.rating.{name}" for _, name in SOLO_RATINGS]
    keys += [f"rules.solo.rating.{SOLO_RATING_FLOOR}"]
    keys += [f"field.{f}" for f in NARROW_FIELDS]
    keys += [f"direction.{d}" for d in ("up", "down", "left", "right")]
    keys += [f"enemy_where.{w}" for w in ("left", "middle", "right")]
    keys += ["keep.new", "keep.old", "gender.male", "gender.female", "decision.unknown", "phase.unknown",
             "event.unknown", "op.adjust_1", "op.flip"]
    return {key: "dynamic" for key in keys}


def test_every_used_key_has_english_text():
    missing = missing_keys(extra=dynamic_keys())
    assert not missing, "add these to the English catalog (bot/i18n/locales/en/LC_MESSAGES/<domain>.po):\n" + "\n".join(
        f"  {k}  ({where})" for k, where in missing.items())


def test_scanner_finds_keys_from_every_layer():
    adapters = babel_keys()
    assert "error.unexpected" in adapters and "cmd.rp.description" in adapters
    assert "error.start_alone" in adapters                                # a Refusal("...") literal
    rules = call_keys()
    assert any(k.startswith("rollplayer.") for k in rules)                # events from ev("...")
    assert any(k.startswith("rules.rollplayer.") for k in rules)          # RuleErrors
    assert "gold_reason.gold_die" in rules
    families = family_keys()
    assert "phase.market" in families and "decision.choose_race" in families
    assert "engine.error.stale_move" in engine_error_keys()
    assert len(used_keys()) > 150


def test_missing_key_is_reported(monkeypatch):
    assert "no.such.key" in missing_keys(extra={"no.such.key": "test"})


def test_texts_fit_discord_limits_and_placeholders_are_names():
    for key, text in catalog("en").items():
        assert len(text) <= 4000, key
        if key.startswith("cmd.") or (key.startswith("option.") and key.endswith(".describe")):
            assert len(text) <= 100, key
        for name in placeholders(text):
            assert name.isidentifier(), (key, name)


def test_rules_topics_are_substantial_and_plain():
    from cogs.rollplayer import PRESENTATION

    for topic in PRESENTATION.rules_topics:
        text = t(f"rules_topic.{topic}.text", "en")
        assert 150 < len(text) <= 4096, topic
        assert not placeholders(text), topic
    solo = t("rules_topic.solo.text", "en")
    for needle in ("38+", "Enemy die", "trash", "8 gold"):
        assert needle in solo
