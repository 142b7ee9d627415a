"""Message catalogs: gettext ``.po`` files (msgid = message key) read with Babel.

Each locale folder ``locales/<lang>/LC_MESSAGES/`` holds one ``.po`` file per *domain*: ``shell.po`` for the
game-agnostic Discord layer and ``<game>.po`` for each game (its moves, events, pictures, rules texts). A new
game adds its own files and touches no shared one. Keys are unique across domains (the key checker,
``python -m tools.i18n_keys``, enforces it), so a lookup needs no domain: ``t(key, locale)`` searches the
locale's merged catalog.

The English catalog is the source of truth.  A key missing in a locale falls back to English; a key missing
in English renders as a visible marker (and is logged) so a forgotten string is noticed instead of crashing
a turn.

Grammar a translation needs beyond ``{placeholders}`` (:func:`fill`):

* a count's noun: ``{amount:plural:dégât|dégâts}`` writes one of the forms, chosen by the number ``amount``
  holds through the ``Plural-Forms`` rule of the catalog's header (gettext's: French ``(n > 1)`` takes the
  first form for 0 and 1, German and English ``(n != 1)`` for 1 only); the number itself is written as
  ``{amount}``. A value that is no whole number takes the last form;
* an ordinal's ending: ``{place:ordinal:re|e}`` writes the first form for the first (1) and the second for
  every other number (French ``1re``, ``2e``); a value that is no whole number takes the last form;
* a name's gender: a name's entry flagged ``#, masculine``, ``#, feminine`` or ``#, neuter`` gives the name
  that gender, and ``{territory:gender:Le|La}`` (masculine|feminine[|neuter]) writes the form for the gender
  of the name ``territory`` holds (the first form for a value that is no flagged name); a text built around a
  name ("Sorcière des ronces A") takes that name's gender with :func:`named_like`;
* Korean particles: after each substituted value a pair such as ``을(를)`` becomes the one shape that fits
  the value (:mod:`bot.i18n.korean`).
"""
from __future__ import annotations

import gettext
import logging
import re
import string
from collections.abc import Callable, Sequence
from decimal import Decimal
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from . import french, korean

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).with_name("locales")
#: More folders laid out like ``locales/`` (``<lang>/LC_MESSAGES/<domain>.po``): a game shipped outside this
#: repository, or a test's game, brings its catalog this way (:func:`add_locales_dir`).
EXTRA_LOCALES_DIRS: list[Path] = []
SHELL_DOMAIN = "shell"
DEFAULT_LOCALE = "en"


def missing_marker(key: str) -> str:
    return f"⟦{key}⟧"


def po_path(locale: str, domain: str) -> Path:
    return LOCALES_DIR / locale / "LC_MESSAGES" / f"{domain}.po"


def add_locales_dir(path: Path) -> None:
    """Also read catalogs from ``path`` (same layout as ``locales/``)."""
    if Path(path) not in EXTRA_LOCALES_DIRS:
        EXTRA_LOCALES_DIRS.append(Path(path))
        clear_caches()


def _roots() -> tuple[Path, ...]:
    """Every catalog root in lookup order; also the key of the folder-scan caches, so pointing
    ``LOCALES_DIR`` elsewhere or registering a folder is seen without a scan per lookup."""
    return (LOCALES_DIR, *EXTRA_LOCALES_DIRS)


def domains(locale: str) -> list[str]:
    """The domains a locale has a catalog for (file stems, sorted: the order collisions resolve in)."""
    return list(_files(_roots(), locale))


@cache
def _files(roots: tuple[Path, ...], locale: str) -> dict[str, Path]:
    """Domain -> its catalog file for a locale (the first root that has one wins), sorted by domain. The
    catalogs are files shipped with the code (or a registered folder's), so a folder is scanned once per set
    of roots, not on every locale lookup (which runs for each click); :func:`clear_caches` forgets the scans
    (a test that writes a catalog into an already scanned folder)."""
    found: dict[str, Path] = {}
    for root in roots:
        for path in (root / locale / "LC_MESSAGES").glob("*.po"):
            found.setdefault(path.stem, path)
    return dict(sorted(found.items()))


@cache
def _parsed(locale: str, domain: str) -> Catalog | None:
    """One domain's file as Babel reads it (None when the locale has none)."""
    path = _files(_roots(), locale).get(domain)
    if path is None or not path.is_file():
        return None
    with path.open("rb") as fh:
        return read_po(fh, locale=locale, domain=domain)


@cache
def domain_catalog(locale: str, domain: str) -> dict[str, str]:
    """Key -> text of one domain's file (empty translations are treated as absent)."""
    cat = _parsed(locale, domain)
    if cat is None:
        return {}
    return {m.id: m.string for m in cat if m.id and isinstance(m.id, str) and m.string}


#: the gender flags a name's entry may carry, in the order a ``{x:gender:…}`` selector lists its forms
GENDERS = ("masculine", "feminine", "neuter")


class Named(str):
    """A text that takes the gender of the catalog name it is made from ("Sorcière des ronces A", a numbered card,
    is feminine as "Sorcière des ronces" is): made by :func:`named_like`, read by a ``{x:gender:…}`` selector."""
    gender: str | None = None


def named_like(text: str, name: str, locale: str) -> str:
    """``text`` with the gender of the flagged name ``name`` (itself a name's text in ``locale``), for a text a
    catalog entry builds around a name (its number, its letter), which no flag names."""
    named = Named(text)
    named.gender = genders(locale).get(name)
    return named


@cache
def genders(locale: str) -> dict[str, str]:
    """Text -> gender of every name the locale's catalogs flag with one (``#, feminine``). A text flagged with
    two genders (two names spelled alike) has none."""
    found: dict[str, str] = {}
    clash: set[str] = set()
    for domain in domains(locale):
        for m in _parsed(locale, domain) or ():
            gender = next((g for g in GENDERS if g in m.flags), None)
            if gender and m.id and isinstance(m.string, str) and m.string:
                if found.setdefault(m.string, gender) != gender:
                    clash.add(m.string)
    return {text: gender for text, gender in found.items() if text not in clash}


@cache
def plural_rule(locale: str) -> Callable[[int], int]:
    """n -> the index of its plural form, from the ``Plural-Forms`` header of the locale's catalogs (the
    shell's, else any domain's; Babel's rule for the language when the locale has no catalog)."""
    for domain in sorted(domains(locale), key=lambda d: d != SHELL_DOMAIN):
        cat = _parsed(locale, domain)
        if cat is not None:
            return gettext.c2py(cat.plural_expr)
    return gettext.c2py(Catalog(locale=locale).plural_expr)


@cache
def catalog(locale: str) -> dict[str, str]:
    """Key -> text for one locale: every domain's catalog merged (keys are unique across domains)."""
    merged: dict[str, str] = {}
    for domain in domains(locale):
        for key, text in domain_catalog(locale, domain).items():
            if key in merged:
                log.error("message key %r is defined in more than one domain (%s)", key, domain)
                continue
            merged[key] = text
    return merged


def clear_caches() -> None:
    """Forget every parsed catalog and folder scan (tests that point ``LOCALES_DIR`` elsewhere or write a
    catalog into a folder already read)."""
    for cached in (catalog, domain_catalog, _parsed, genders, plural_rule, _files, _scan_locales, unhonoured_name):
        cached.cache_clear()


def available_locales() -> list[str]:
    """Every locale with a catalog, in the shipped folder or a registered one (a test's pseudo-locale)."""
    return list(_scan_locales(_roots()))


@cache
def _scan_locales(roots: tuple[Path, ...]) -> tuple[str, ...]:
    """Scanned once per set of roots, like :func:`_files`."""
    found = {p.name for root in roots if root.is_dir() for p in root.iterdir() if p.is_dir()}
    return tuple(sorted(name for name in found if _files(roots, name)))


def remove_locales_dir(path: Path) -> None:
    if Path(path) in EXTRA_LOCALES_DIRS:
        EXTRA_LOCALES_DIRS.remove(Path(path))
        clear_caches()


class _KeepUnknown(dict):
    """Format map that leaves an unknown ``{name}`` visible instead of raising."""

    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


_formatter = string.Formatter()


def placeholders(text: str) -> set[str]:
    return {field.split(".")[0].split("[")[0] for _, field, _, _ in _formatter.parse(text) if field}


def has_key(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return key in catalog(locale)


def N_(key: str) -> str:
    """Marks a message key that is stored now and looked up later (the gettext ``N_`` idiom): the key
    scanner finds it like a ``t("...")`` call."""
    return key


_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def _count(value) -> int | None:
    """The whole number a param holds (an int, or its text as the game layers pass it: ``"3"``), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = str(value).strip()
    return int(text) if _WHOLE_NUMBER.fullmatch(text) else None


def _decimal(value) -> Decimal | None:
    """A number with a fraction as the game layers pass it ("0.3", French "0,3"), for its plural form: French
    says "0,3 étoile", English "0.3 stars" (CLDR counts the digits shown)."""
    if isinstance(value, float):
        return Decimal(repr(value))
    text = str(value).strip()
    return Decimal(text.replace(",", ".")) if _DECIMAL.fullmatch(text) else None


_DECIMAL = re.compile(r"-?\d+[.,]\d+")


@cache
def _cldr(locale: str) -> Locale:
    """The CLDR locale whose plural rule counts a fraction's shown digits (English "1.0 stars", French "1,5 étoile")."""
    return Locale.parse(locale, sep="-")


#: the kinds of selector a field's format spec may name (``{n:plural:…}``, ``{n:ordinal:…}``, ``{name:gender:…}``)
SELECTORS = ("plural", "ordinal", "gender")


def _select(kind: str, forms: list[str], value, locale: str) -> str:
    """One of ``forms`` for ``value``: by its plural form or by the gender of the name it holds."""
    if kind == "plural":
        n = _count(value)
        fraction = _decimal(value) if n is None else None
        if fraction is not None:             # gettext's rules take whole numbers ("1.0 star", French "1,5 étoiles")
            index = 0 if _cldr(locale).plural_form(fraction) == "one" else len(forms) - 1
        else:
            index = plural_rule(locale)(n) if n is not None else len(forms) - 1
    elif kind == "ordinal":                  # the first, then every other place
        index = 0 if _count(value) == 1 else len(forms) - 1
    else:
        gender = getattr(value, "gender", None) or genders(locale).get(str(value))
        index = GENDERS.index(gender) if gender else 0
    return forms[min(max(index, 0), len(forms) - 1)]


def _field(name: str, spec: str, conversion: str | None, mapping: _KeepUnknown, locale: str) -> str:
    if not name:
        raise ValueError("a positional field")
    value, _ = _formatter.get_field(name, (), mapping)
    kind, colon, forms = spec.partition(":")
    if colon and kind in SELECTORS:
        return _select(kind, forms.split("|"), value, locale)
    if conversion:
        value = _formatter.convert_field(value, conversion)
    if "{" in spec:
        spec = spec.format_map(mapping)
    return format(value, spec)


@cache
def unhonoured_name() -> re.Pattern[str]:
    """A seat's name that is no person's, in any language, perhaps in markup: a Korean text writes no honorific
    after it (:func:`fill`). A bot seat's (``bot.seat_name``, ``bot.seat_name_numbered`` with any ``bot.level.*``)
    and a forgotten player's (``history.former_player``, "탈퇴한 플레이어": a description, not someone's name; stored
    in English, so every language's form), and a daily board's unnamed stranger (``daily.a_player``)."""
    forms = []
    for locale in available_locales():
        texts = catalog(locale)
        levels = "|".join(re.escape(v) for k, v in texts.items() if k.startswith("bot.level."))
        for key in ("bot.seat_name", "bot.seat_name_numbered"):
            if levels and key in texts:
                forms.append(re.escape(texts[key]).replace(re.escape("{level}"), f"(?:{levels})")
                             .replace(re.escape("{number}"), r"\d+"))
        for key in ("history.former_player", "daily.a_player"):     # descriptions, not someone's name
            if texts.get(key):
                forms.append(re.escape(texts[key]))
    return re.compile(r"[*_~`]*(?:%s)[*_~`]*" % "|".join(forms or ["(?!)"]))


def fill(text: str, locale: str, params: dict) -> str:
    """``text`` (a catalog text of ``locale``) with ``params`` filled in, an unknown ``{name}`` left visible,
    its plural and gender selectors chosen and, in Korean, each particle pair after a value resolved (see
    the module's doc). Raises ``ValueError`` (or the like) on a malformed text."""
    if "{" not in text and "}" not in text:
        return text
    mapping = _KeepUnknown(params)
    ko = ("(" in text or korean.HONORIFIC in text) and locale[:2] == "ko" and locale[2:3] in ("", "_", "-")
    fr = locale[:2] == "fr" and locale[2:3] in ("", "_", "-") and french.may_elide(text)
    if not ko and not fr and ":plural:" not in text and ":gender:" not in text and ":ordinal:" not in text:
        return text.format_map(mapping)        # nothing to choose: the plain (and faster) way
    out: list[str] = []
    value = None
    for literal, name, spec, conversion in _formatter.parse(text):
        if literal:
            if ko and value is not None:
                if literal.startswith(korean.HONORIFIC) and unhonoured_name().fullmatch(value):
                    literal = korean.without_honorific(literal)
                literal = korean.resolve("".join(out), literal)
            out.append(literal)
        if name is None:
            break
        value = _field(name, spec or "", conversion, mapping, locale)
        if fr and out:
            out = [french.elide("".join(out), value)]
        out.append(value)
    return "".join(out)


def t(key: str, locale: str | None = DEFAULT_LOCALE, /, **params) -> str:
    """The text for ``key`` in ``locale`` (falling back to English) with ``params`` filled in (:func:`fill`)."""
    locale = locale or DEFAULT_LOCALE
    text = catalog(locale).get(key)
    if text is None and locale != DEFAULT_LOCALE:
        text, locale = catalog(DEFAULT_LOCALE).get(key), DEFAULT_LOCALE
    if text is None:
        log.warning("missing message key %r (params %r)", key, params)
        return missing_marker(key)
    try:
        return fill(text, locale, params)
    except (ValueError, IndexError, AttributeError, KeyError, TypeError):
        log.warning("malformed message %r for key %r", text, key)
        return text


def listed(items: Sequence[str], locale: str | None = DEFAULT_LOCALE, /) -> str:
    """``items`` joined as a sentence of ``locale`` lists them: "Ben and Bot (easy)", "Ann, Ben and Cleo" ("Ben und
    Bot (leicht)", "Ben et Cleo"). Lists of names were joined with commas alone, which read as an unfinished
    list in German ("Ben, Bot (leicht) haben seitdem gezogen")."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return t("list.last", locale, rest=t("list.sep", locale).join(items[:-1]), last=items[-1])
