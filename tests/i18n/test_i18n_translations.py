"""The German, French and Korean catalogs and content names: complete, formattable, within Discord's limits,
worded with each edition's printed rule terms, and every translated content name or text labelled with its
provenance.

English is the source of truth: a translated catalog has exactly the English keys (a key missing would fall
back to English silently, an extra key is dead text) and exactly the English ``{placeholders}``.
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import messages as catalog_mod
from bot.i18n import t
from bot.i18n.messages import placeholders

LOCALES = ("de", "fr", "ko")
DATA_DIR = Path(__file__).resolve().parents[2] / "bot" / "games" / "rollplayer" / "data"
PLURAL_FORMS = {"de": "nplurals=2; plural=(n != 1);", "fr": "nplurals=2; plural=(n > 1);",
                "ko": "nplurals=1; plural=0;"}
#: the rulebook each language's printed terms come from (seeds/README.md)
SEED_OF = {"de": "000", "fr": "001", "ko": "002"}
PROVENANCE_LABELS = ("printed", "derived", "translation", "house")
#: Discord markup and symbols that carry meaning; a translation keeps as many of each as English has
MARKERS = ("**", "`", "<@", "✓", "★", "→", "↔", "•", "\n")


def _po_files(locale: str) -> list[Path]:
    return sorted((catalog_mod.LOCALES_DIR / locale / "LC_MESSAGES").glob("*.po"))


def _entries(locale: str) -> dict[str, object]:
    """Every message of every domain file of ``locale``, read straight from the files (empty ones kept)."""
    found: dict[str, object] = {}
    for path in _po_files(locale):
        with path.open("rb") as fh:
            for message in read_po(fh, locale=locale):
                if message.id:
                    assert message.id not in found, f"{locale}: {message.id} in two files"
                    found[message.id] = message
    return found


ENGLISH = {key: m.string for key, m in _entries("en").items()}


def _texts(locale: str) -> dict[str, str]:
    return {key: m.string for key, m in _entries(locale).items()}


@pytest.mark.parametrize("locale", LOCALES)
def test_catalog_parses_with_a_proper_header(locale):
    files = _po_files(locale)
    assert files, f"no catalog for {locale}"
    for path in files:
        with path.open("rb") as fh:
            cat = read_po(fh, locale=locale)
        header = dict(cat.mime_headers)
        assert header["Language"] == locale
        assert header["Plural-Forms"] == PLURAL_FORMS[locale]
        assert header["Content-Type"].replace(" ", "").lower() == "text/plain;charset=utf-8"
        assert "charset=UTF-8" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("locale", LOCALES)
def test_locale_has_exactly_the_english_keys_all_translated(locale):
    entries = _entries(locale)
    missing = sorted(set(ENGLISH) - set(entries))
    unused = sorted(set(entries) - set(ENGLISH))
    assert not missing, f"{locale} lacks {missing}"
    assert not unused, f"{locale} has keys English does not: {unused}"
    for key, message in entries.items():
        assert message.string, f"{locale}: {key} is empty"
        assert not message.fuzzy, f"{locale}: {key} is fuzzy"
    assert "en" in catalog_mod.available_locales() and locale in catalog_mod.available_locales()


@pytest.mark.parametrize("locale", LOCALES)
def test_every_translation_keeps_exactly_the_english_placeholders(locale):
    wrong = {key: (sorted(placeholders(text)), sorted(placeholders(ENGLISH[key])))
             for key, text in _texts(locale).items() if placeholders(text) != placeholders(ENGLISH[key])}
    assert not wrong, wrong


@pytest.mark.parametrize("locale", LOCALES)
def test_every_translation_formats_with_its_parameters(locale):
    for key in ENGLISH:
        params = {name: f"<{name}>" for name in placeholders(ENGLISH[key])}
        text = t(key, locale, **params)
        assert not text.startswith("⟦"), key
        for name in params:
            assert f"<{name}>" in text, (key, name)
        assert "{" not in text and "}" not in text, (key, text)


@pytest.mark.parametrize("locale", LOCALES)
def test_markup_and_symbols_are_kept(locale):
    for key, text in _texts(locale).items():
        english = ENGLISH[key]
        for marker in MARKERS:
            assert text.count(marker) == english.count(marker), (key, marker)


@pytest.mark.parametrize("locale", LOCALES)
def test_rule_texts_keep_their_numbers(locale):
    """A rules summary that loses a number ("38+", "8 gold", "3/4/5") has changed the rules."""
    for key, text in _texts(locale).items():
        if key.startswith(("rules_topic.", "option.")) or key.startswith("rules.solo.rating."):
            english_numbers = Counter(re.findall(r"\d+", ENGLISH[key]))
            numbers = Counter(re.findall(r"\d+", text))
            assert set(english_numbers) <= set(numbers), (key, set(english_numbers) - set(numbers))


def _is_command_name(name: str) -> bool:
    """Discord: ^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$ and lower case where the script has case."""
    if not 1 <= len(name) <= 32 or name != name.lower():
        return False
    return all(ch in "-_" or unicodedata.category(ch)[0] in "LN" or unicodedata.category(ch) in ("Mn", "Mc")
               for ch in name)


def _command_names(texts: dict[str, str]) -> dict[str, dict[str, str]]:
    """Parent group -> {name key: name}. ``cmd.x.name`` is a subcommand of /rp, ``cmd.x.y.name`` one of x."""
    groups: dict[str, dict[str, str]] = {}
    for key, text in texts.items():
        if key.startswith("cmd.") and key.endswith(".name") and key != "cmd.rp.name":
            path = key[len("cmd."):-len(".name")].split(".")
            parent = "rp" if len(path) == 1 else path[0]
            groups.setdefault(parent, {})[key] = text
    return groups


@pytest.mark.parametrize("locale", ["en", *LOCALES])
def test_command_names_descriptions_and_choices_fit_discord(locale):
    texts = ENGLISH if locale == "en" else _texts(locale)
    assert _is_command_name(texts["cmd.rp.name"])
    for parent, names in _command_names(texts).items():
        for key, name in names.items():
            assert _is_command_name(name), (key, name)
        duplicates = [n for n, c in Counter(names.values()).items() if c > 1]
        assert not duplicates, (parent, duplicates)
        if parent != "rp":
            assert f"cmd.{parent}.name" in texts, parent
    for key, text in texts.items():
        if key.startswith("cmd.") and not key.endswith(".name"):
            assert 1 <= len(text) <= 100, (key, len(text))
        if key.startswith("option.") and key.endswith(".describe"):
            assert 1 <= len(text) <= 100, (key, len(text))
        if key.startswith("rules_topic.") and key.endswith(".title"):           # choices of /rp rules
            assert 1 <= len(text) <= 100, key
        assert len(text) <= 4000, key


def test_command_name_rule_rejects_what_discord_rejects():
    assert _is_command_name("waffe-abwerfen") and _is_command_name("무기버리기") and _is_command_name("règles")
    for bad in ("Neu", "zwei worte", "", "x" * 33, "né!", "a/b"):
        assert not _is_command_name(bad), bad


@pytest.mark.parametrize("locale", LOCALES)
def test_texts_name_commands_as_this_locale_calls_them(locale):
    """`/rp neu` in German help must be the German name Discord shows that user, not the English one."""
    texts = _texts(locale)
    groups = _command_names(texts)
    top = {name: key[len("cmd."):-len(".name")] for key, name in groups["rp"].items()}
    for key, text in texts.items():
        for first, second in re.findall(r"/rp ([^\s`\[\],.;:)]+)(?: ([^\s`\[\],.;:)]+))?", text):
            assert first in top, (key, first)
            sub = groups.get(top[first])
            if sub and second:
                assert second in sub.values(), (key, second)


#: Terms as the three rulebooks print them (seed, line) that must be used for the same thing here.
GLOSSARY = {
    "de": [("attr.dex", "GES"), ("attr.con", "KON"), ("attr.wis", "WEI"),          # 000 l.72
           ("phase.roll", "Würfelwurf"), ("phase.dice", "Wahl der Initiativekarte"),  # 000 l.223, 239
           ("phase.market", "Einkaufen"), ("phase.cleanup", "Aufräumen"),           # 000 l.292, 314
           ("option.even_start", "Weniger zufällige Spielvorbereitung"),            # 000 l.445
           ("option.souk", "Zufälliger Marktstapel"), ("option.friendly_market", "Freundlicher Markt"),
           ("img.table.trash", "Müllstapel"), ("img.table.enemy_die", "gegnerischer Würfel"),  # 000 l.469-470
           ("rules.solo.rating.mercenary", "Tagelöhner"), ("rules.solo.rating.npc", "NSC"),    # 000 l.506-508
           ("img.type.trait", "Merkmal"), ("img.type.skill", "Fertigkeit"), ("img.sheet.alignment", "Gesinnung"),
           ("img.sheet.backstory", "Vorgeschichte"), ("movetype.action.cha", "Charismamarker")],
    "fr": [("attr.str", "STR"), ("attr.wis", "WIS"),                                 # 001 l.74 prints STR..CHA
           ("phase.roll", "Phase de Pioche"), ("phase.dice", "Phase de Développement"),  # 001 l.250
           ("phase.cleanup", "Phase d'Entretien"), ("option.even_start", "Même chance pour tout le monde"),
           ("option.friendly_market", "Marché amical"), ("img.table.trash", "Poubelle"),
           ("img.table.enemy_die", "Dé Ennemi"), ("rules.solo.rating.luminary", "Sommité"),  # 001 l.499-504
           ("img.type.trait", "Trait de caractère"), ("img.sheet.backstory", "Antécédents"),  # 001 l.181
           ("movetype.action.cha", "jeton Charisme"), ("rules_topic.scoring.text", "Objectifs de Caractéristique")],
    "ko": [("attr.con", "건강"), ("attr.cha", "매력"),                                 # 002 l.68
           ("phase.roll", "주사위 굴림 단계"), ("phase.dice", "주사위 배치 단계"),          # 002 l.231-234
           ("phase.market", "카드 구매 단계"), ("phase.cleanup", "정리 단계"),
           ("movetype.action.cha", "할인 토큰"), ("img.table.enemy_die", "모험가 주사위"),  # 002 l.38, 504
           ("img.table.trash", "매진 카드 더미"), ("option.even_start", "공평한 시작"),        # 002 l.507, 476
           ("option.friendly_market", "평화로운 상점"), ("img.table.initiative", "순서 카드"),
           ("img.sheet.alignment", "가치관"), ("img.sheet.backstory", "배경")],
}


@pytest.mark.parametrize("locale", LOCALES)
def test_rulebook_terms_are_used(locale):
    texts = _texts(locale)
    for key, term in GLOSSARY[locale]:
        assert term.lower() in texts[key].lower(), (key, term, texts[key])


# ------------------------------------------------------------------------------------------ content data

def _load(name: str) -> dict:
    with open(DATA_DIR / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


def _named_records() -> list[tuple[str, dict]]:
    records = [(f"market:{c['id']}", c) for c in _load("market")["cards"]]
    for c in _load("classes")["classes"]:
        records += [(f"class:{c['id']}", c), (f"power:{c['power']['id']}", c["power"])]
    records += [(f"race:{r['id']}", r) for r in _load("races")["races"]]
    records += [(f"backstory:{b['id']}", b) for b in _load("backstories")["backstories"]]
    records += [(f"alignment:{a['id']}", a) for a in _load("alignments")["alignments"]]
    records += [(f"armor_set:{sid}", s) for sid, s in _load("armor_sets")["sets"].items()]
    return records


def _check_provenance(where: str, locale: str, label: str) -> None:
    kind, _, source = label.partition(": ")
    assert kind in PROVENANCE_LABELS and source, (where, locale, label)
    if kind == "printed":
        assert re.match(rf"seed {SEED_OF[locale]} l\.\d+", source), (where, locale, label)


def test_every_record_has_names_in_every_locale_with_provenance():
    records = _named_records()
    assert len(records) == 54 + 12 + 12 + 8 + 16 + 17 + 3
    for where, record in records:
        names = record.get("names") or {}
        provenance = record.get("names_provenance") or {}
        for locale in LOCALES:
            assert isinstance(names.get(locale), str) and names[locale].strip(), (where, locale)
            assert names[locale] == names[locale].strip() and "\n" not in names[locale], (where, locale)
            _check_provenance(where, locale, provenance.get(locale, ""))
        assert set(provenance) == set(names), where


def test_every_card_and_power_text_is_translated_with_provenance_and_keeps_its_numbers():
    items = [(f"market:{c['id']}", c, c["text"], "texts") for c in _load("market")["cards"]]
    items += [(f"power:{c['power']['id']}", c["power"], c["power"]["effect_text"], "effect_texts")
              for c in _load("classes")["classes"]]
    for where, record, english, field in items:
        texts = record.get(field) or {}
        provenance = record.get(f"{field}_provenance") or {}
        for locale in LOCALES:
            text = texts.get(locale)
            assert isinstance(text, str) and text.strip() and text != english, (where, locale)
            _check_provenance(where, locale, provenance.get(locale, ""))
            assert set(re.findall(r"\d+", english)) <= set(re.findall(r"\d+", text)), (where, locale, text)


def test_names_are_distinct_within_each_kind():
    """Two cards (or classes, ...) sharing a name in one language could not be told apart in a menu."""
    kinds: dict[tuple[str, str], list[str]] = {}
    for where, record in _named_records():
        kind = where.split(":")[0]
        for locale in LOCALES:
            kinds.setdefault((kind, locale), []).append(record["names"][locale])
    for (kind, locale), names in kinds.items():
        duplicates = [n for n, c in Counter(names).items() if c > 1]
        assert not duplicates, (kind, locale, duplicates)


def test_localised_content_reaches_the_pictures_and_messages():
    from cogs.rollplayer.describe import value_text
    from images.rollplayer import content

    assert content.card_name("longsword", "de") == "Langschwert"
    assert content.card_text("longsword", "fr") != content.card_text("longsword", "en")
    assert content.power_text("druid", "ko") != content.power_text("druid", "en")
    assert value_text("race", "frogkin", None, None, "ko") == "개굴족"
    assert t("rollplayer.card_bought", "de", player="A", card=content.card_name("weak", "de"), cost=2) \
        == "A kauft Schwach für 2 Gold"


def test_translated_content_names_and_power_texts_fit_the_pictures():
    """The image tests measure English for these panels; the other languages are measured here."""
    from images.rollplayer import content
    from images.text import fit, wrap_fit

    for locale in LOCALES:
        for bid in content.backstories():
            name = content.backstory_name(bid, locale)
            assert fit(name, 280, 24, True)[1] == name, (bid, locale)
        for aid in content.alignments():
            name = content.alignment_name(aid, locale)
            assert fit(name, 280, 24, True)[1] == name, (aid, locale)
        for cid in content.classes():
            _, _, complete = wrap_fit(content.power_text(cid, locale), 952 - 240 - 36, 3, 19, False, 16)
            assert complete, (cid, locale)


def test_translated_picture_labels_fit_their_boxes():
    """Same boxes as the English label test in tests/images: a label that only fits ellipsised reads badly."""
    from images.labels import label
    from images.text import fit

    boxes = [(f"img.attr.{a}", 82, 28, True, 18) for a in ("str", "dex", "con", "int", "wis", "cha")]
    boxes += [(f"img.align.{k}", 74, 15, False, 12) for k in ("good", "neutral", "evil", "lawful", "chaotic")]
    boxes += [(f"img.colour.{c}", 96, 17, False, 13)
              for c in ("green", "blue", "red", "purple", "black", "white", "gold")]
    boxes += [(f"img.score.{k}", 270, 22, False, 15)
              for k in ("goals", "class_dice", "backstory", "alignment", "armor", "traits", "weapons", "solo_gold")]
    boxes += [(k, 160, 21, False, 15) for k in ("img.sheet.gold", "img.sheet.charisma", "img.sheet.class_dice")]
    boxes += [(f"img.rating.{k}", 500, 24, True, 24)
              for k in ("true_hero", "clan_chief", "luminary", "adventurer", "mercenary", "npc")]
    for locale in LOCALES:
        for key, width, size, bold, min_size in boxes:
            text = label(key, locale)
            assert fit(text, width, size, bold, min_size)[1] == text, (key, locale, text)
