"""Where the stand-in keeps messages: creation, edits and deletes with Discord's semantics (attachment
lists, loading placeholders, ephemeral visibility, component ids), and the gateway events they cause."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from .gateway import INTENT_DM_MESSAGES, INTENT_GUILD_MESSAGES
from .interactions import APPLICATION_COMMAND, InteractionRecord
from .messages import (
    _SETTABLE_FLAGS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    PayloadRejected,
    StubAttachment,
    StubMessage,
    UploadedFile,
    check_attachment_refs,
    require_something,
    validate_message_fields,
)
from .world import StubChannel, iso_now


class MessageStore:
    """Mixin of ``DiscordStub``: every message by id and per channel, in creation order."""

    def message_by_id(self, message_id: int | None) -> StubMessage | None:
        return self._messages.get(message_id) if message_id is not None else None

    def all_messages(self, channel: StubChannel) -> list[StubMessage]:
        return list(self._channel_messages.get(channel.id, []))

    def _bot_member_payload(self, channel: StubChannel) -> dict[str, Any] | None:
        if channel.guild_id is None:
            return None
        return self.world.guild.members[self.world.bot.id].payload(with_user=False)

    def message_payload(self, msg: StubMessage) -> dict[str, Any]:
        return msg.payload(users=self.world.users, bot_member=self._bot_member_payload(msg.channel))

    def _attachment_url(self, channel: StubChannel, attachment_id: int, filename: str) -> str:
        return f"{self.base_url}/attachments/{channel.id}/{attachment_id}/{filename}"

    def _new_attachments(self, channel: StubChannel, payload: dict[str, Any], files: list[UploadedFile],
                         existing: list[StubAttachment]) -> list[StubAttachment]:
        """Resolve ``attachments`` entries: ids of kept attachments, or file indexes of new uploads."""
        by_index: dict[int, UploadedFile] = {}
        for pos, f in enumerate(files):
            idx = pos
            if f.field.startswith("files[") and f.field.endswith("]"):
                try:
                    idx = int(f.field[6:-1])
                except ValueError:
                    raise PayloadRejected(f"bad file field name {f.field!r}")
            elif f.field.startswith("file"):
                suffix = f.field[4:]
                idx = int(suffix) if suffix.isdigit() else pos
            by_index[idx] = f
        kept_by_id = {a.id: a for a in existing}
        out: list[StubAttachment] = []
        used: set[int] = set()
        entries = payload.get("attachments")
        if entries is None:
            entries = [{"id": i} for i in sorted(by_index)]
            out = list(existing)
        for entry in entries:
            raw_id = entry.get("id")
            try:
                num = int(raw_id)
            except (TypeError, ValueError):
                raise PayloadRejected(f"attachments: bad id {raw_id!r}")
            if num in kept_by_id:
                kept = kept_by_id[num]
                if "description" in entry and entry["description"] != kept.description:
                    # an edit may give a kept file a new alt text (Discord: "you can optionally update the
                    # description ... of existing attachments"); a copy, so a refused edit changes nothing
                    kept = replace(kept, description=entry["description"])
                out.append(kept)
            elif num in by_index:
                f = by_index[num]
                used.add(num)
                aid = self.ids.next()
                filename = entry.get("filename") or f.filename
                data, stored = (f.data, None) if self.retain_uploads else (f.data[:33], f.size)
                out.append(StubAttachment(aid, filename, data, self._attachment_url(channel, aid, filename),
                                          entry.get("description"), stored))
            else:
                raise PayloadRejected(f"attachments: id {raw_id!r} is neither an existing attachment nor an upload")
        unused = set(by_index) - used
        if unused:
            raise PayloadRejected(f"uploaded files {sorted(unused)} are not referenced in attachments")
        return out

    def _nonce_duplicate(self, channel: StubChannel, payload: dict[str, Any]) -> StubMessage | None:
        """A channel post with ``nonce`` and ``enforce_nonce``: the message the same author created with that
        nonce in this channel in the last few minutes (Discord answers it instead of posting again)."""
        if not isinstance(payload, dict) or payload.get("nonce") is None:
            return None
        nonce = payload["nonce"]
        if isinstance(nonce, bool) or not isinstance(nonce, (int, str)) or len(str(nonce)) > 25:
            raise PayloadRejected("nonce: must be an integer or a string of at most 25 characters")
        if not payload.get("enforce_nonce"):
            return None
        seen = self._nonces.get((channel.id, self.world.bot.id, str(nonce)))
        if seen is None:
            return None
        msg, at = seen
        if msg.deleted or self.wall_now() - at > self.rate_limits.nonce_window:
            return None
        return msg

    def _create_message(self, channel: StubChannel, payload: dict[str, Any], files: list[UploadedFile], *,
                        interaction: InteractionRecord | None = None, extra_flags: int = 0) -> StubMessage:
        if not isinstance(payload, dict):
            raise PayloadRejected("message payload must be a JSON object")
        validate_message_fields(payload, files, size_limit=self.attachment_size_limit)
        attachments = self._new_attachments(channel, payload, files, [])
        check_attachment_refs(payload.get("components") or [], attachments)
        flags = (payload.get("flags") or 0) & _SETTABLE_FLAGS
        if interaction is None:
            flags &= ~FLAG_EPHEMERAL
        flags |= extra_flags
        if not flags & FLAG_LOADING:
            require_something(payload, attachments)
        seq = self._bump()
        msg = StubMessage(
            id=self.ids.next(), channel=channel, author=self.world.bot, seq=seq, updated_seq=seq,
            content=payload.get("content") or "", embeds=list(payload.get("embeds") or []),
            components=_with_component_ids(payload.get("components") or []), attachments=attachments,
            flags=flags, allowed_mentions=payload.get("allowed_mentions"), tts=bool(payload.get("tts")),
            created_mono=self.now(), updated_mono=self.now(),
        )
        if interaction is None and payload.get("nonce") is not None:  # webhooks (follow-ups) have no nonces
            msg.nonce = payload["nonce"]
            if payload.get("enforce_nonce"):
                self._nonces[(channel.id, msg.author.id, str(msg.nonce))] = (msg, self.wall_now())
        if interaction is not None:
            msg.interaction_id = interaction.id
            msg.webhook_id = self.world.application_id
            msg.type = 20 if interaction.type == APPLICATION_COMMAND else 0
            msg.interaction_meta = {
                "id": str(interaction.id), "type": interaction.type, "user": interaction.user.payload(),
                "authorizing_integration_owners": interaction.payload["authorizing_integration_owners"],
            }
            if interaction.original_id is not None and interaction.original_id != msg.id:
                msg.interaction_meta["original_response_message_id"] = str(interaction.original_id)
            if msg.ephemeral:
                msg.visible_to = interaction.user.id
        self._messages[msg.id] = msg
        self._channel_messages.setdefault(channel.id, []).append(msg)
        if not msg.ephemeral:
            channel.last_message_id = msg.id
            self._emit_message_event("MESSAGE_CREATE", msg)
        self._notify(channel.id)
        return msg

    def _edit_message(self, msg: StubMessage, payload: dict[str, Any], files: list[UploadedFile]) -> StubMessage:
        if msg.deleted:
            raise PayloadRejected("Unknown Message", code=10008, status=404)
        if not isinstance(payload, dict):
            raise PayloadRejected("message payload must be a JSON object")
        merged_flags = msg.flags & ~FLAG_LOADING
        if "flags" in payload and payload["flags"] is not None:
            merged_flags = (msg.flags & FLAG_EPHEMERAL) | (payload["flags"] & _SETTABLE_FLAGS & ~FLAG_EPHEMERAL)
        if msg.flags & FLAG_COMPONENTS_V2 and not merged_flags & FLAG_COMPONENTS_V2:
            raise PayloadRejected("the components v2 flag cannot be removed from a message")
        check = dict(payload)
        check["flags"] = merged_flags
        for key, current in (("content", msg.content), ("embeds", msg.embeds), ("components", msg.components)):
            check.setdefault(key, current)
        validate_message_fields(check, files, size_limit=self.attachment_size_limit)
        attachments = self._new_attachments(msg.channel, payload, files, msg.attachments)
        content = check["content"] or ""
        embeds = list(check["embeds"] or [])
        components = _with_component_ids(check["components"] or [])
        check_attachment_refs(components, attachments)
        if payload.get("components"):
            # new components may name only what this edit uploads or keeps by id in ``attachments``: an
            # attachment merely left over from before is not theirs to show (Discord refuses the form body)
            check_attachment_refs(components, attachments if "attachments" in payload else
                                  [a for a in attachments if a not in msg.attachments], edit=True)
        require_something({"content": content, "embeds": embeds, "components": components}, attachments)
        msg.content, msg.embeds, msg.components, msg.attachments = content, embeds, components, attachments
        msg.flags = merged_flags
        if "allowed_mentions" in payload:
            msg.allowed_mentions = payload["allowed_mentions"]
        msg.edits += 1
        msg.edited_at = iso_now()
        msg.updated_seq = self._bump()
        msg.updated_mono = self.now()
        if not msg.ephemeral:
            self._emit_message_event("MESSAGE_UPDATE", msg)
        self._notify(msg.channel.id)
        return msg

    def _delete_message(self, msg: StubMessage) -> None:
        if msg.deleted:
            raise PayloadRejected("Unknown Message", code=10008, status=404)
        msg.deleted = True
        msg.updated_seq = self._bump()
        if not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild_id is not None:
                data["guild_id"] = str(msg.channel.guild_id)
            self._emit_event("MESSAGE_DELETE", data, INTENT_DM_MESSAGES if msg.channel.is_dm else INTENT_GUILD_MESSAGES,
                             guild_id=msg.channel.guild_id)
        self._notify(msg.channel.id)


def _with_component_ids(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Discord numbers every component of a stored message (the ``id`` field) when the sender did not."""
    out = json.loads(json.dumps(components))
    counter = [0]

    def walk(items: list[dict[str, Any]]) -> None:
        for comp in items:
            counter[0] += 1
            comp.setdefault("id", counter[0])
            walk(comp.get("components", []))
            if "accessory" in comp:
                counter[0] += 1
                comp["accessory"].setdefault("id", counter[0])

    walk(out)
    return out
