"""The spec check (openapi.py): Discord's published OpenAPI description judges each request body and query."""

from __future__ import annotations

import gzip
import hashlib

import pytest
from aiohttp import web

from .messages import PayloadRejected
from .openapi import RELAXATIONS, SPEC_PATH, check_request, enforce, operation_path
from .records import RequestRecord
from .server import DiscordStub

CALLBACK = "/api/v10/interactions/123/tok.en/callback"
MESSAGES = "/api/v10/channels/1/messages"
COMMANDS = "/api/v10/applications/5/commands"


def test_the_vendored_spec_is_discords_file_byte_for_byte():
    """spec/README.md names the sha256 of the uncompressed file; the archive must still hold exactly that."""
    digest = hashlib.sha256(gzip.decompress(SPEC_PATH.read_bytes())).hexdigest()
    assert digest in SPEC_PATH.with_name("README.md").read_text(encoding="utf-8")


def test_every_route_the_stand_in_serves_is_in_discords_description():
    app = web.Application()
    DiscordStub()._add_routes(app)
    served = [(r.method, r.resource.canonical) for r in app.router.routes()
              if r.resource is not None and r.resource.canonical.startswith("/api/v10/")]
    assert len(served) > 20
    missing = [f"{m} {path}" for m, path in served
               if operation_path(m, path.replace("{message_id}", "1")) is None]
    assert not missing


def test_request_paths_map_to_the_operation_discord_documents():
    assert operation_path("POST", CALLBACK) == "/interactions/{interaction_id}/{interaction_token}/callback"
    assert operation_path("PATCH", "/api/v10/webhooks/5/tok/messages/@original") == \
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
    assert operation_path("PATCH", "/api/v10/webhooks/5/tok/messages/77") == \
        "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
    assert operation_path("GET", "/api/v10/channels/1/messages/pins") == "/channels/{channel_id}/messages/pins"
    assert operation_path("POST", "/api/v10/nowhere") is None


def test_what_discord_py_sends_conforms():
    button = {"type": 2, "style": 1, "label": "Join", "custom_id": "join"}
    message = {"content": "hi", "components": [{"type": 1, "components": [button]}],
               "embeds": [{"title": "t", "image": {"url": "attachment://board.png"}}],
               "attachments": [{"id": 0, "filename": "board.png"}],  # discord.py: the index as an int
               "allowed_mentions": {"parse": ["users"]}, "flags": 64, "tts": False}
    assert check_request("POST", CALLBACK, {"type": 4, "data": message}, {"with_response": "1"}) == []
    assert check_request("POST", CALLBACK, {"type": 7, "data": message}, {}) == []
    assert check_request("POST", CALLBACK, {"type": 6}, {}) == []
    assert check_request("POST", MESSAGES, message, {}) == []
    assert check_request("POST", "/api/v10/webhooks/5/tok", message, {"wait": "1", "with_components": "0"}) == []
    assert check_request("POST", "/api/v10/users/@me/channels", {"recipient_id": 1234}, {}) == []
    option = {"type": 4, "name": "game", "description": "which game", "min_value": 1, "max_value": 2**53 - 1}
    assert check_request("PUT", COMMANDS, [{"name": "rp", "description": "Roll Player", "options": [
        {"type": 1, "name": "history", "description": "d", "options": [option]}]}], {}) == []


def test_a_message_whose_content_is_not_a_string_is_caught():
    problems = check_request("POST", MESSAGES, {"content": 5}, {})
    assert problems == ["content: type ['string', 'null'], got 5"]


def test_an_unknown_callback_type_is_caught():
    problems = check_request("POST", CALLBACK, {"type": 99, "data": {"content": "x"}}, {})
    assert problems == ["type: type 99 is none of [1, 4, 5, 6, 7, 8, 9, 12, 13]"]
    row = {"type": 1, "components": [{"type": 2, "style": 9, "custom_id": "c", "label": "x"}]}
    assert check_request("POST", CALLBACK, {"type": 7, "data": {"components": [row]}}, {}) == [
        "data.components[0].components[0].style: one of [1, 2, 3, 4, 5, 6], got 9"]


def test_a_component_breaking_its_limit_is_named_precisely():
    """Under the oneOf of component types, the reason comes from the component the body meant (a button)."""
    row = {"type": 1, "components": [{"type": 2, "style": 1, "custom_id": "c", "label": "x" * 81}]}
    problems = check_request("POST", CALLBACK, {"type": 4, "data": {"components": [row]}}, {})
    assert problems == ["data.components[0].components[0].label: maxLength 80, got str of 81"]


def test_an_integer_option_beyond_discords_integers_is_caught():
    option = {"type": 4, "name": "game", "description": "d", "max_value": 2**53}
    problems = check_request("PUT", COMMANDS, [{"name": "rp", "description": "d", "options": [option]}], {})
    assert problems == ["[0].options[0].max_value: maximum 9007199254740991, got 9007199254740992"]


def test_queries_are_checked_too():
    assert check_request("POST", CALLBACK, {"type": 6}, {"with_response": "maybe"})
    assert check_request("POST", CALLBACK, {"type": 6}, {"with_reponse": "1"}) == [
        "query parameter 'with_reponse' is not documented for POST "
        "/interactions/{interaction_id}/{interaction_token}/callback"]
    assert check_request("GET", MESSAGES, None, {"limit": "50"}) == []
    assert check_request("GET", MESSAGES, None, {"limit": "500"})


def test_a_mismatch_is_refused_with_discords_invalid_form_body():
    record = RequestRecord("POST", MESSAGES, "POST /channels/{channel_id}/messages", {}, {}, json={"content": 5})
    with pytest.raises(PayloadRejected) as refused:
        enforce(record)
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert "content: type" in refused.value.message


def test_every_relaxation_says_why():
    for pointer, widen, why in RELAXATIONS:
        assert pointer.startswith("/components/schemas/") and callable(widen) and len(why) > 30


def test_a_picture_must_be_a_file_of_the_same_request():
    """``attachment://`` names a file uploaded with the request or one its ``attachments`` lists."""
    gallery = {"type": 17, "components": [{"type": 12, "items": [{"media": {"url": "attachment://hand.png"}}]}]}
    layout = {"flags": 1 << 15, "components": [gallery]}
    assert check_request("POST", CALLBACK, {"type": 7, "data": layout}, {}, []) == [
        "attachment://hand.png names no file of this request (none uploaded as 'hand.png', and "
        "'attachments' does not list it)"]
    assert check_request("POST", CALLBACK, {"type": 7, "data": layout}, {}, ["hand.png"]) == []
    kept = dict(layout, attachments=[{"id": "1575375183206809623", "filename": "hand.png"}])
    assert check_request("PATCH", MESSAGES + "/2", kept, {}, []) == []
    embed = {"embeds": [{"image": {"url": "attachment://table.png"}}], "attachments": []}
    assert len(check_request("PATCH", MESSAGES + "/2", embed, {}, ["board.png"])) == 1


def test_the_local_discord_knows_discords_locales():
    """The playground's local Discord has no jsonschema and no spec: its list of locales is the spec's."""
    from playground.local_discord.commands import AVAILABLE_LOCALES

    from .openapi import spec
    enum = spec()["components"]["schemas"]["AvailableLocalesEnum"]["oneOf"]
    assert AVAILABLE_LOCALES == frozenset(b["const"] for b in enum)
