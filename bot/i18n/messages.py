"""Message catalogs: gettext ``.po`` files (msgid = message key) read with Babel.

Each locale folder ``locales/<lang>/LC_MESSAGES/`` holds one ``.po`` file per *domain*: ``shell.po`` for the
game-agnostic Discord layer and ``<game>.po`` for each game (its moves, events, pictures, rules texts). A new
game adds its own files and touches no shared one. Keys are unique across domains (the key checker,
``python -m tools.i18n_keys``, enforces it), so a lookup needs no domain: ``t(key, locale)`` searches the
locale's merged catalog.

The English catalog is the source of truth.  A key missing in a locale falls back to English; a key missing
in English renders as a visible marker (and is logged) so a forgotten string is noticed instead of crashing
a turn.
"""
from __future__ import annotations

import logging
import string
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

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
def domain_catalog(locale: str, domain: str) -> dict[str, str]:
    """Key -> text of one domain's file (empty translations are treated as absent)."""
    path = _files(_roots(), locale).get(domain)
    if path is None or not path.is_file():
        return {}
    with path.open("rb") as fh:
        cat = read_po(fh, locale=locale, domain=domain)
    return {m.id: m.string for m in cat if m.id and isinstance(m.id, str) and m.string}


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
    catalog.cache_clear()
    domain_catalog.cache_clear()
    _files.cache_clear()
    _scan_locales.cache_clear()


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


def t(key: str, locale: str | None = DEFAULT_LOCALE, /, **params) -> str:
    """The text for ``key`` in ``locale`` (falling back to English) with ``params`` filled in."""
    text = catalog(locale or DEFAULT_LOCALE).get(key)
    if text is None and locale != DEFAULT_LOCALE:
        text = catalog(DEFAULT_LOCALE).get(key)
    if text is None:
        log.warning("missing message key %r (params %r)", key, params)
        return missing_marker(key)
    try:
        return text.format_map(_KeepUnknown(params))
    except (ValueError, IndexError, AttributeError, KeyError):
        log.warning("malformed message %r for key %r", text, key)
        return text
