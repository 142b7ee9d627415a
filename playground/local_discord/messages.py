"""Messages as the stand-in stores them, and the checks Discord applies before accepting one.

A message keeps its current Discord JSON fields plus the raw bytes of its attachments, so tests can read
what a player would see (content, embeds, components, images) and the driver can click its components.
"""

from __future__ import annotations

import mimetypes
import re
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .world import StubChannel, StubUser, iso_now

FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15
_SETTABLE_FLAGS = FLAG_EPHEMERAL | FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_FILES = 10
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_EMBED_TOTAL = 6000
#: A picture's alt text: an attachment's ``description`` and a media gallery item's or thumbnail's (Discord's
#: message and components reference: "max 1024 characters"; its OpenAPI description: ``maxLength: 1024``)
MAX_ALT_TEXT = 1024
_USER_MENTION = re.compile(r"<@!?(\d+)>")
SELECT_TYPES = (3, 5, 6, 7, 8)


class PayloadRejected(Exception):
    """Discord would answer 400 with this code and message; the stand-in does the same."""

    def __init__(self, message: str, *, code: int = 50035, status: int = 400, expected: bool = False) -> None:
        super().__init__(message)
        #: a refusal a correct bot meets too (not a misbehaviour for ``assert_clean``)
        self.expected = expected
        self.code = code
        self.status = status
        self.message = message


@dataclass
class UploadedFile:
    field: str
    filename: str
    content_type: str | None
    data: bytes
    size: int = -1  # bytes received (kept when ``data`` is dropped to save memory)

    def __post_init__(self) -> None:
        if self.size < 0:
            self.size = len(self.data)


@dataclass
class StubAttachment:
    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None
    stored_size: int | None = None  # set when only the head of ``data`` is kept (retain_uploads=False)

    @property
    def size(self) -> int:
        return self.stored_size if self.stored_size is not None else len(self.data)

    @property
    def content_type(self) -> str:
        if self.data.startswith(b"\x89PNG\r\n\x1a\n"):
            return "image/png"
        return mimetypes.guess_type(self.filename)[0] or "application/octet-stream"

    def png_dimensions(self) -> tuple[int, int] | None:
        """Width/height from the IHDR chunk, which Discord reports for images without decoding them."""
        if len(self.data) >= 24 and self.data.startswith(b"\x89PNG\r\n\x1a\n") and self.data[12:16] == b"IHDR":
            return struct.unpack(">II", self.data[16:24])
        return None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        dims = self.png_dimensions()
        if dims is not None:
            data["width"], data["height"] = dims
        return data


@dataclass
class StubMessage:
    """One message in a channel; mutable, because Discord messages get edited."""

    id: int
    channel: StubChannel
    author: StubUser
    seq: int  # the stand-in's event counter at creation
    updated_seq: int = 0  # event counter at the last edit (== seq until edited)
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[StubAttachment] = field(default_factory=list)
    flags: int = 0
    allowed_mentions: dict[str, Any] | None = None
    tts: bool = False
    created_at: str = field(default_factory=iso_now)
    edited_at: str | None = None
    deleted: bool = False
    edits: int = 0
    type: int = 0
    interaction_id: int | None = None  # set for interaction responses and follow-ups
    interaction_meta: dict[str, Any] | None = None
    visible_to: int | None = None  # user id for ephemeral messages
    webhook_id: int | None = None
    nonce: str | int | None = None  # echoed back, as Discord does for channel posts
    created_mono: float = 0.0  # loop.time() of creation, for latency measurements
    updated_mono: float = 0.0

    # --- what a player sees -------------------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response still showing "Bot is thinking..."."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def mentions(self) -> list[int]:
        """User ids that actually get pinged: mentioned in content (or, with components v2, in a text display)
        and allowed by allowed_mentions."""
        text = self.content or ""
        if self.flags & FLAG_COMPONENTS_V2:
            text = "\n".join(c.get("content", "") for c in self.iter_components() if c.get("type") == 10)
        ids = [int(m) for m in _USER_MENTION.findall(text)]
        am = self.allowed_mentions
        if am is None:
            return _unique(ids)
        parse = am.get("parse", [])
        if "users" in parse:
            return _unique(ids)
        allowed = {int(u) for u in am.get("users", [])}
        return _unique([i for i in ids if i in allowed])

    def iter_components(self) -> Iterator[dict[str, Any]]:
        return iter_components(self.components)

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") in SELECT_TYPES]

    @property
    def button_labels(self) -> list[str]:
        return [b.get("label", "") for b in self.buttons]

    def button(self, *, label: str | None = None, custom_id: str | None = None) -> dict[str, Any]:
        """The unique button with this label or custom id; a clear error when absent or ambiguous."""
        if (label is None) == (custom_id is None):
            raise ValueError("give exactly one of label= or custom_id=")
        if custom_id is not None:
            found = [b for b in self.buttons if b.get("custom_id") == custom_id]
        else:
            found = [b for b in self.buttons if b.get("label") == label]
        if len(found) != 1:
            what = f"label={label!r}" if label is not None else f"custom_id={custom_id!r}"
            raise LookupError(
                f"message {self.id}: {len(found)} buttons with {what}; buttons: "
                f"{[(b.get('label'), b.get('custom_id')) for b in self.buttons]}"
            )
        return found[0]

    def select(self, custom_id: str | None = None) -> dict[str, Any]:
        """The select with this custom id, or the only select when ``custom_id`` is None."""
        found = [s for s in self.selects if custom_id is None or s.get("custom_id") == custom_id]
        if len(found) != 1:
            raise LookupError(
                f"message {self.id}: {len(found)} selects matching custom_id={custom_id!r}; selects: "
                f"{[s.get('custom_id') for s in self.selects]}"
            )
        return found[0]

    @property
    def silent(self) -> bool:
        """Sent with SUPPRESS_NOTIFICATIONS: nobody gets a push or desktop notification."""
        return bool(self.flags & FLAG_SUPPRESS_NOTIFICATIONS)

    @property
    def layout(self) -> bool:
        """A components-v2 message (containers, text displays, media galleries)."""
        return bool(self.flags & FLAG_COMPONENTS_V2)

    @property
    def images(self) -> list[StubAttachment]:
        return [a for a in self.attachments if a.content_type.startswith("image/")]

    def attachment(self, filename: str) -> StubAttachment:
        for a in self.attachments:
            if a.filename == filename:
                return a
        raise LookupError(f"message {self.id} has no attachment {filename!r}: {[a.filename for a in self.attachments]}")

    @property
    def text(self) -> str:
        """Content plus embed titles, descriptions and fields: everything readable as text."""
        parts = [self.content or ""]
        for e in self.embeds:
            parts += [e.get("title", ""), e.get("description", "")]
            for f in e.get("fields", []):
                parts += [f.get("name", ""), f.get("value", "")]
            if "footer" in e:
                parts.append(e["footer"].get("text", ""))
        for c in self.iter_components():
            if c.get("type") == 10:  # text display (components v2)
                parts.append(c.get("content", ""))
        return "\n".join(p for p in parts if p)

    # --- the JSON Discord returns -------------------------------------------------------------
    def payload(
        self, *, users: dict[int, StubUser] | None = None, bot_member: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        users = users or {}
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": self.type,
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.created_at,
            "edited_timestamp": self.edited_at,
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [users[i].payload() for i in self.mentions if i in users],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        if self.channel.guild_id is not None:
            data["guild_id"] = str(self.channel.guild_id)
            if bot_member is not None and self.webhook_id is None:
                data["member"] = bot_member
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction_meta is not None:
            data["interaction_metadata"] = self.interaction_meta
        if self.nonce is not None:
            data["nonce"] = self.nonce
        return data

    def __repr__(self) -> str:
        return (
            f"<StubMessage id={self.id} channel={self.channel.id} ephemeral={self.ephemeral} "
            f"content={self.content[:60]!r} buttons={self.button_labels} files={[a.filename for a in self.attachments]}>"
        )


def iter_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, including those nested in rows, sections and containers."""
    stack = list(reversed(components))
    while stack:
        comp = stack.pop()
        yield comp
        children = list(comp.get("components", []))
        if "accessory" in comp:
            children.append(comp["accessory"])
        stack.extend(reversed(children))


def _unique(ids: list[int]) -> list[int]:
    seen: dict[int, None] = {}
    for i in ids:
        seen.setdefault(i, None)
    return list(seen)


# --- validation --------------------------------------------------------------------------------


def validate_components(components: Any, *, v2: bool) -> None:
    if not isinstance(components, list):
        raise PayloadRejected("components must be a list")
    if not v2:
        if len(components) > MAX_ROWS:
            raise PayloadRejected(f"components: at most {MAX_ROWS} action rows, got {len(components)}")
        for i, row in enumerate(components):
            if row.get("type") != 1:
                raise PayloadRejected(f"components[{i}]: top level must be action rows (type 1) without the components v2 flag")
            _validate_row(row, f"components[{i}]")
    custom_ids: list[str] = []
    for comp in iter_components(components):
        ctype = comp.get("type")
        if ctype == 2:
            _validate_button(comp)
        elif ctype in SELECT_TYPES:
            _validate_select(comp)
        if "custom_id" in comp:
            custom_ids.append(comp["custom_id"])
    dupes = {c for c in custom_ids if custom_ids.count(c) > 1}
    if dupes:
        raise PayloadRejected(f"components: duplicate custom_id {sorted(dupes)}")


def _validate_row(row: dict[str, Any], where: str) -> None:
    children = row.get("components", [])
    if not children:
        raise PayloadRejected(f"{where}: an action row needs at least one component")
    kinds = {c.get("type") for c in children}
    if kinds & set(SELECT_TYPES) and len(children) > 1:
        raise PayloadRejected(f"{where}: a select must be alone in its action row")
    if len(children) > MAX_BUTTONS_PER_ROW:
        raise PayloadRejected(f"{where}: at most {MAX_BUTTONS_PER_ROW} buttons per row, got {len(children)}")


def _validate_button(b: dict[str, Any]) -> None:
    style = b.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        raise PayloadRejected(f"button: invalid style {style!r}")
    if style == 5:
        if not b.get("url") or "custom_id" in b:
            raise PayloadRejected("link button needs url and no custom_id")
    elif style != 6:
        cid = b.get("custom_id")
        if not cid or len(cid) > MAX_CUSTOM_ID:
            raise PayloadRejected(f"button custom_id must be 1..{MAX_CUSTOM_ID} characters: {cid!r}")
    label = b.get("label")
    if label is not None and len(label) > MAX_BUTTON_LABEL:
        raise PayloadRejected(f"button label longer than {MAX_BUTTON_LABEL}: {label!r}")
    if not label and not b.get("emoji"):
        raise PayloadRejected("button needs a label or an emoji")


def _validate_select(s: dict[str, Any]) -> None:
    cid = s.get("custom_id")
    if not cid or len(cid) > MAX_CUSTOM_ID:
        raise PayloadRejected(f"select custom_id must be 1..{MAX_CUSTOM_ID} characters: {cid!r}")
    lo, hi = s.get("min_values", 1), s.get("max_values", 1)
    if s.get("type") == 3:
        options = s.get("options", [])
        if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
            raise PayloadRejected(f"select {cid!r}: 1..{MAX_SELECT_OPTIONS} options, got {len(options)}")
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            raise PayloadRejected(f"select {cid!r}: duplicate option values")
        for o in options:
            if not o.get("label") or len(o["label"]) > 100 or not o.get("value") or len(o["value"]) > 100:
                raise PayloadRejected(f"select {cid!r}: option label/value must be 1..100 characters: {o!r}")
            if len(o.get("description") or "") > 100:
                raise PayloadRejected(f"select {cid!r}: option description longer than 100")
        if hi > len(options):
            raise PayloadRejected(f"select {cid!r}: max_values {hi} exceeds option count {len(options)}")
    if not 0 <= lo <= hi <= 25:
        raise PayloadRejected(f"select {cid!r}: bad min_values/max_values {lo}/{hi}")
    if len(s.get("placeholder") or "") > 150:
        raise PayloadRejected(f"select {cid!r}: placeholder longer than 150")


def validate_embeds(embeds: Any) -> None:
    if not isinstance(embeds, list) or len(embeds) > MAX_EMBEDS:
        raise PayloadRejected(f"embeds: a list of at most {MAX_EMBEDS}")
    total = 0
    for e in embeds:
        if len(e.get("title", "")) > 256 or len(e.get("description", "")) > 4096:
            raise PayloadRejected("embed title > 256 or description > 4096 characters")
        if len(e.get("fields", [])) > 25:
            raise PayloadRejected("embed has more than 25 fields")
        for f in e.get("fields", []):
            if not f.get("name") or not f.get("value") or len(f["name"]) > 256 or len(f["value"]) > 1024:
                raise PayloadRejected(f"embed field name 1..256 and value 1..1024 characters: {f!r}")
        total += len(e.get("title", "")) + len(e.get("description", "")) + sum(
            len(f.get("name", "")) + len(f.get("value", "")) for f in e.get("fields", [])
        )
    if total > MAX_EMBED_TOTAL:
        raise PayloadRejected(f"embeds: more than {MAX_EMBED_TOTAL} characters in total")


def validate_message_fields(payload: dict[str, Any], files: list[UploadedFile], *, size_limit: int) -> None:
    """The checks Discord applies to a create/edit payload: lengths, counts, component shapes, sizes."""
    content = payload.get("content")
    if content is not None and len(content) > MAX_CONTENT:
        raise PayloadRejected(f"content longer than {MAX_CONTENT} characters ({len(content)})")
    flags = payload.get("flags") or 0
    v2 = bool(flags & FLAG_COMPONENTS_V2)
    if v2 and (content or payload.get("embeds")):
        raise PayloadRejected("content and embeds cannot be used with the components v2 flag")
    if "embeds" in payload and payload["embeds"] is not None:
        validate_embeds(payload["embeds"])
    if "components" in payload and payload["components"] is not None:
        validate_components(payload["components"], v2=v2)
        validate_media_alt_texts(payload["components"])
    if payload.get("attachments") is not None:
        validate_attachment_alt_texts(payload["attachments"])
    if len(files) > MAX_FILES:
        raise PayloadRejected(f"at most {MAX_FILES} files")
    total = sum(len(f.data) for f in files)
    if total > size_limit:
        raise PayloadRejected(f"files total {total} bytes exceed the {size_limit} byte limit", code=40005, status=413)
    for f in files:
        if not f.filename:
            raise PayloadRejected(f"{f.field}: file without a filename")


def _alt_text_problem(value: Any, where: str, *, min_length: int = 0) -> str | None:
    """Why Discord refuses ``value`` as an alt text (a string or null of ``min_length`` to 1,024 characters)."""
    if value is None:
        return None
    if not isinstance(value, str):
        return f"{where}: must be a string or null, got {type(value).__name__}"
    if len(value) > MAX_ALT_TEXT:
        return f"{where}: maxLength {MAX_ALT_TEXT}, got str of {len(value)}"
    if len(value) < min_length:
        return f"{where}: minLength {min_length}, got str of {len(value)}"
    return None


def validate_attachment_alt_texts(attachments: Any) -> None:
    """Each ``attachments[n].description`` (the file's alt text, new or kept by id) within Discord's limit."""
    if not isinstance(attachments, list):
        raise PayloadRejected("attachments must be a list")
    for i, entry in enumerate(attachments):
        problem = _alt_text_problem(entry.get("description") if isinstance(entry, dict) else None,
                                    f"attachments[{i}].description")
        if problem:
            raise PayloadRejected(f"Invalid Form Body: {problem}")


def validate_media_alt_texts(components: list[dict[str, Any]]) -> None:
    """Each media gallery item's and thumbnail's ``description`` (its alt text) within Discord's limit: at most
    1,024 characters, and never empty (Discord's description of the request: ``minLength: 1``)."""
    for comp in iter_components(components):
        if comp.get("type") == 12:
            for k, item in enumerate(comp.get("items") or []):
                problem = _alt_text_problem(item.get("description") if isinstance(item, dict) else None,
                                            f"media gallery items[{k}].description", min_length=1)
                if problem:
                    raise PayloadRejected(f"Invalid Form Body: {problem}")
        elif comp.get("type") == 11:
            problem = _alt_text_problem(comp.get("description"), "thumbnail.description", min_length=1)
            if problem:
                raise PayloadRejected(f"Invalid Form Body: {problem}")


def check_attachment_refs(components: list[dict[str, Any]], attachments: list[Any], *, edit: bool = False) -> None:
    """Media gallery items, thumbnails and file components naming ``attachment://<name>`` must name an
    attachment of the message (Discord refuses the message otherwise). For an edit (``edit=True``), the
    attachments it uploads or keeps by id in ``attachments``."""
    names = {a.filename for a in attachments}
    for comp in iter_components(components):
        refs = [item.get("media", {}).get("url", "") for item in comp.get("items", [])] \
            if comp.get("type") == 12 else []
        if comp.get("type") in (11, 13):
            refs.append((comp.get("media") or comp.get("file") or {}).get("url", ""))
        for url in refs:
            if url.startswith("attachment://") and url[len("attachment://"):] not in names:
                if edit:
                    raise PayloadRejected(f"Invalid Form Body: component refers to {url!r}, which the edit neither "
                                          "uploads nor keeps by id in attachments")
                raise PayloadRejected(f"component refers to {url!r}, which is not an attachment of the message")


def require_something(payload: dict[str, Any], attachments: list[Any]) -> None:
    """Discord refuses a message with nothing to show (code 50006)."""
    if not (payload.get("content") or payload.get("embeds") or payload.get("components") or attachments
            or payload.get("sticker_ids") or payload.get("poll")):
        raise PayloadRejected("Cannot send an empty message", code=50006)
