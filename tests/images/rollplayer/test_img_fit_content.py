"""Every content name and card text fits its box at the sizes the pictures use (measured, not guessed)."""

import pytest

from bot import i18n as _i18n
from images.labels import label
from images.rollplayer import cards, content
from images.text import fit, wrap_fit

CARD_LOCALES = sorted(
    {(cid, loc) for cid, c in content.cards().items() for loc in ["en", *(c.get("names") or {})]}
)


def image_keys() -> list[str]:
    """Every ``img.*`` key of the English catalog (the pictures' own vocabulary)."""
    return sorted(k for k in _i18n.catalog(_i18n.DEFAULT_LOCALE) if k.startswith("img."))


def fits(card_id: str, locale: str) -> dict[str, bool]:
    """Whether the name and text of a card fit their boxes on the tiles unshortened."""
    name = content.card_name(card_id, locale)
    text = content.card_text(card_id, locale)
    status_len = max((label(k, locale) for k in ("img.sheet.ready", "img.sheet.exhausted")), key=len)
    trait = content.cards()[card_id]["type"] == "trait"
    status = content.cards()[card_id]["type"] == "skill" and status_len
    _, owned_name = fit(name, cards.name_width(card_id, cards.OWNED_WIDTH, locale, status, 12 if trait else None),
                        cards.NAME_SIZE, True, cards.NAME_MIN)
    _, market_name = fit(name, cards.market_name_width(card_id), cards.NAME_SIZE + 2, True, cards.NAME_MIN)
    if content.cards()[card_id]["type"] == "armor":
        _, armor_name = fit(name, cards.armor_name_width(), cards.NAME_SIZE - 1, True, cards.NAME_MIN - 2)
        owned_name = armor_name
    _, _, owned_text = wrap_fit(text, cards.text_width(cards.OWNED_WIDTH), cards.TEXT_LINES, cards.TEXT_SIZE, False,
                                cards.TEXT_MIN)
    _, _, market_text = wrap_fit(text, cards.text_width(cards.MARKET_WIDTH), cards.TEXT_LINES, cards.TEXT_SIZE,
                                 False, cards.TEXT_MIN)
    return {"owned_name": owned_name == name, "market_name": market_name == name, "owned_text": owned_text,
            "market_text": market_text}


@pytest.mark.parametrize("card_id,locale", CARD_LOCALES)
def test_card_name_and_text_fit_every_tile(card_id, locale):
    result = fits(card_id, locale)
    assert result == {"owned_name": True, "market_name": True, "owned_text": True, "market_text": True}


def _locales(record):
    return ["en", *(record.get("names") or {})]


def test_class_race_and_power_names_fit_the_sheet_header():
    for cid, c in content.classes().items():
        for loc in _locales(c):
            assert fit(content.class_name(cid, loc), 360, 28, True, 22)[1] == content.class_name(cid, loc)
        for loc in _locales(c["power"]):
            assert fit(content.power_name(cid, loc), 240, 21, True, 16)[1] == content.power_name(cid, loc)
        _, _, complete = wrap_fit(content.power_text(cid), 952 - 240 - 36, 3, 19, False, 16)
        assert complete, cid
    for rid, r in content.races().items():
        for loc in _locales(r):
            assert fit(content.race_name(rid, loc), 260, 28, True, 22)[1] == content.race_name(rid, loc)


def test_backstory_alignment_and_armor_set_names_fit_their_panels():
    for bid in content.backstories():
        assert fit(content.backstory_name(bid), 280, 24, True)[1] == content.backstory_name(bid)
    for aid in content.alignments():
        assert fit(content.alignment_name(aid), 280, 24, True)[1] == content.alignment_name(aid)
    for sid, s in content.armor_sets().items():
        for loc in _locales(s):
            assert fit(content.armor_set_name(sid, loc), 330, 22, True)[1] == content.armor_set_name(sid, loc)


def test_english_labels_fit_their_boxes():
    # (key, width, size, bold, min_size) for every fixed-width label box of the pictures
    boxes = [(f"img.attr.{a}", 82, 28, True, 18) for a in ("str", "dex", "con", "int", "wis", "cha")]
    boxes += [(f"img.align.{k}", 74, 15, False, 12) for k in ("good", "neutral", "evil", "lawful", "chaotic")]
    boxes += [
        (f"img.colour.{c}", 96, 17, False, 13)
        for c in ("green", "blue", "red", "purple", "black", "white", "gold")
    ]
    boxes += [
        (f"img.score.{k}", 270, 22, False, 15)
        for k in ("goals", "class_dice", "backstory", "alignment", "armor", "traits", "weapons", "solo_gold")
    ]
    boxes += [
        (k, 160, 21, False, 15) for k in ("img.sheet.gold", "img.sheet.charisma", "img.sheet.class_dice")
    ]
    boxes += [
        (f"img.rating.{k}", 500, 24, True, 24)
        for k in ("true_hero", "clan_chief", "luminary", "adventurer", "mercenary", "npc")
    ]
    for key, width, size, bold, min_size in boxes:
        text = label(key)
        assert fit(text, width, size, bold, min_size)[1] == text, key


def test_every_label_formats_with_its_parameters():
    sample = {
        "seat": 1,
        "n": 1,
        "mod": "+2",
        "min": 14,
        "max": 15,
        "bonus": 2,
        "matches": 3,
        "used": 1,
        "limit": 2,
        "owned": 1,
        "pieces": 5,
        "stars": 3,
        "round": 2,
        "total": 12,
        "name": "A",
        "cost": 3,
        "hands": 1,
        "decision": "x",
        "cards": 2,
        "names": "A",
        "rank": 1,
        "title": "T",
        "extra": 1,
    }
    keys = image_keys()
    assert len(keys) > 100
    for key in keys:
        text = label(key, "en", **sample)
        assert isinstance(text, str) and not text.startswith("\u27e6")


def test_decisions_use_the_shared_i18n_catalog_then_our_own_then_the_key():
    from bot import i18n
    from images.rollplayer.table import decision_text

    assert decision_text("take_initiative", (), "en") == i18n.t("decision.take_initiative", "en")
    assert decision_text("brand_new_choice", (), "en") == "Brand new choice"


def test_labels_prefer_the_i18n_catalog_when_it_has_the_key():
    from bot import i18n
    from images.labels import first_label

    assert first_label(["decision.market"]) == i18n.t("decision.market", "en")
    assert first_label(["img.sheet.gold"]) == _i18n.catalog("en")["img.sheet.gold"] == "Gold"
    assert first_label(["no.such.key"]) is None
