"""Discord's own OpenAPI description as the judge of every request body the bot sends to the stand-in.

``spec/openapi.json.gz`` is Discord's published OpenAPI 3.1 description of its v10 HTTP API (MIT, see
``spec/README.md``). For each request the stand-in serves, :func:`check_request` finds the operation (the
stand-in's route template matched to the spec's path, e.g. ``POST /interactions/{interaction_id}/{token}/callback``
→ ``/interactions/{interaction_id}/{interaction_token}/callback``), validates the parsed body (the JSON body, or
``payload_json`` of a multipart upload) against its ``requestBody`` schema with ``jsonschema`` (JSON Schema
2020-12, which OpenAPI 3.1 schemas are; each operation's schema is reached through a ``referencing`` registry,
and the ``$ref``s into ``components/schemas`` are inlined once at load, see :func:`_inline`) and the query string against the operation's ``in: query`` parameters, and applies the one documented
rule about message bodies that a schema cannot say (:func:`attachment_references`). ``rest.py`` refuses a mismatch
with 400/50035 "Invalid Form Body", as Discord answers, so it lands in ``stub.problems()`` and fails the test.

Validators are compiled once per operation and cached; the spec is read once per process.

The spec is the contract. Where discord.py 2.7 itself (not the bot) sends something the description does not
allow, and Discord accepts it in practice, :data:`RELAXATIONS` below widens the schema in memory, one commented
entry per difference. Nothing else is relaxed.
"""

from __future__ import annotations

import gzip
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema._keywords import anyOf as _any_of
from jsonschema._keywords import oneOf as _one_of
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .messages import PayloadRejected
from .records import RequestRecord

SPEC_PATH = Path(__file__).with_name("spec") / "openapi.json.gz"
BASE_URI = "urn:discord-openapi"
API_PREFIX = "/api/v10"

#: The allow-list: (JSON pointer into the spec, replacement schema builder, why). Each entry is something
#: discord.py 2.7 sends on its own, which the bot cannot change, and which Discord's API accepts.
RELAXATIONS: list[tuple[str, Any, str]] = [
    (
        "/components/schemas/SnowflakeType",
        lambda original: {"anyOf": [original, {"type": "integer", "minimum": 0}]},
        # discord.py writes some snowflakes as JSON integers: ``recipient_id`` of POST /users/@me/channels
        # (http.start_private_message) and the ``id`` of each entry in ``attachments`` (File.to_dict uses the
        # upload's index, an int; Discord's "Uploading Files" docs show ``"attachments": [{"id": 0, ...}]``
        # themselves). Discord serialises the snowflakes it *sends* as strings, but reads integers too: every
        # discord.py upload and DM depends on it.
        "discord.py sends some snowflakes as integers; Discord accepts integer snowflakes",
    ),
]


@cache
def spec() -> dict[str, Any]:
    """The vendored description, with :data:`RELAXATIONS` applied."""
    with gzip.open(SPEC_PATH, "rt", encoding="utf-8") as fh:
        doc = json.load(fh)
    for pointer, widen, _why in RELAXATIONS:
        *parents, leaf = [p.replace("~1", "/").replace("~0", "~") for p in pointer.strip("/").split("/")]
        node = doc
        for part in parents:
            node = node[part]
        node[leaf] = widen(node[leaf])
    _inline(doc, doc["components"]["schemas"])
    return doc


_ANNOTATIONS = {"description", "title"}


def _inline(node: Any, schemas: dict[str, Any], seen: set[int] | None = None) -> Any:
    """Replace each ``{"$ref": "#/components/schemas/X"}`` (alone or beside annotations only, which do not
    change what validates) by the schema object X itself, shared, so validation follows Python references
    instead of resolving a JSON pointer at every step (a quarter of the time). Same verdicts: a ``$ref``
    with only annotations beside it validates exactly as its target."""
    seen = set() if seen is None else seen
    if id(node) in seen:
        return node
    seen.add(id(node))
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in list(items):
        if isinstance(value, dict) and isinstance(value.get("$ref"), str) and set(value) - {"$ref"} <= _ANNOTATIONS \
                and value["$ref"].startswith("#/components/schemas/"):
            node[key] = value = schemas[value["$ref"].rsplit("/", 1)[1]]
        _inline(value, schemas, seen)
    return node


def _discriminated(keyword: Any) -> Any:
    """``oneOf``/``anyOf`` that first sets aside the branches which cannot match: those whose ``type``
    property is an enum without the instance's ``type`` (Discord's unions of components, callbacks and
    options are discriminated so), and ``{"type": "null"}`` for a non-null instance. Same verdict as trying
    every branch, several times faster on a message with buttons; the errors name only the plausible branches.
    When no branch is left, every branch is tried as usual (the errors then say why each failed)."""

    def check(validator: Any, branches: list[dict[str, Any]], instance: Any, schema: dict[str, Any]) -> Any:
        consts = _consts(branches)
        if consts is not None and not isinstance(instance, bool) and instance in consts:
            return  # an enum spelt as a oneOf of distinct consts (MessageComponentTypes): exactly one matches
        plausible = [b for b in branches if _may_match(b, instance)]
        yield from keyword(validator, plausible or branches, instance, schema)

    return check


_ENUMS: dict[str, Any] = {}
_CONSTS: dict[int, tuple[list[dict[str, Any]], frozenset[Any] | None]] = {}


def _consts(branches: list[dict[str, Any]]) -> frozenset[Any] | None:
    """The values of a oneOf/anyOf made only of distinct scalar ``const``s, else None (cached per list; the
    list is kept beside its id so the id cannot be reused)."""
    hit = _CONSTS.get(id(branches))
    if hit is None or hit[0] is not branches:
        values = [b.get("const") for b in branches]
        plain = all(set(b) <= {"const", "title", "description"} and "const" in b for b in branches)
        ok = plain and all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in values)
        hit = (branches, frozenset(values) if ok and len(set(values)) == len(values) else None)
        _CONSTS[id(branches)] = hit
    return hit[1]


def _may_match(branch: dict[str, Any], instance: Any) -> bool:
    if branch.get("type") == "null":
        return instance is None
    if not isinstance(instance, dict) or "type" not in instance:
        return True
    ref = branch.get("$ref")
    if ref is None:
        enum = (branch.get("properties", {}).get("type") or {}).get("enum")
    else:
        if ref not in _ENUMS:
            target = _registry().resolver(BASE_URI).lookup(ref).contents
            _ENUMS[ref] = (target.get("properties", {}).get("type") or {}).get("enum")
        enum = _ENUMS[ref]
    return enum is None or instance["type"] in enum


Validator = validators.extend(Draft202012Validator, {"oneOf": _discriminated(_one_of), "anyOf": _discriminated(_any_of)})


@cache
def _registry() -> Registry:
    return Registry().with_resource(BASE_URI, Resource(contents=spec(), specification=DRAFT202012))


def _pointer(*parts: str) -> str:
    return "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


@cache
def _paths(method: str) -> list[tuple[re.Pattern[str], int, str]]:
    """The spec's paths that have ``method``: (regex of the path, number of literal segments, path)."""
    out = []
    for path, item in spec()["paths"].items():
        if method.lower() not in item:
            continue
        segments = path.strip("/").split("/")
        regex = "/".join("[^/]+" if s.startswith("{") else re.escape(s) for s in segments)
        out.append((re.compile(f"/{regex}"), sum(not s.startswith("{") for s in segments), path))
    return out


def operation_path(method: str, path: str) -> str | None:
    """The spec path of a request: ``/webhooks/1/tok/messages/@original`` → the ``@original`` path rather
    than ``{message_id}`` (the one with the most literal segments wins)."""
    if path.startswith(API_PREFIX):
        path = path[len(API_PREFIX):]
    matches = [(literal, p) for regex, literal, p in _paths(method) if regex.fullmatch(path)]
    return max(matches)[1] if matches else None


@cache
def _body_validator(method: str, path: str) -> Any | None:
    """The validator of the operation's ``application/json`` request body (a multipart body's
    ``payload_json`` has the same schema: the multipart schema adds only the ``files[n]`` parts)."""
    body = spec()["paths"][path][method.lower()].get("requestBody")
    if body is None or "application/json" not in body.get("content", {}):
        return None
    ref = "#/" + _pointer("paths", path, method.lower(), "requestBody", "content", "application/json", "schema")
    return Validator({"$ref": BASE_URI + ref}, registry=_registry())


@cache
def _query_parameters(method: str, path: str) -> dict[str, Any]:
    item = spec()["paths"][path]
    params = list(item.get("parameters", [])) + list(item[method.lower()].get("parameters", []))
    return {p["name"]: p for p in params if p.get("in") == "query"}


def _query_value(raw: str, schema: dict[str, Any]) -> Any:
    """A query string value read as the parameter's schema type (Discord reads booleans as true/false/1/0)."""
    types = schema.get("type", [])
    types = [types] if isinstance(types, str) else types
    if "boolean" in types and raw.lower() in ("true", "false", "1", "0"):
        return raw.lower() in ("true", "1")
    if "integer" in types:
        try:
            return int(raw)
        except ValueError:
            return raw
    return raw


def _where(error: ValidationError) -> str:
    out = ""
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out.lstrip(".") or "(body)"


def _reason(error: ValidationError) -> ValidationError:
    """The specific reason under a failed ``oneOf``/``anyOf``: the branches whose discriminator does not fit
    (a component of another ``type``, the ``null`` branch of a nullable field) are set aside, and of the
    branch(es) left, the error deepest in the body is followed down."""
    if error.validator not in ("oneOf", "anyOf") or not error.context or _consts(error.validator_value):
        return error
    here = list(error.absolute_path)
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)

    def misfit(sub: ValidationError) -> bool:
        path = list(sub.absolute_path)
        return (sub.validator == "type" and path == here) or (
            sub.validator in ("enum", "const") and path == here + ["type"])

    plausible = [errs for errs in branches.values() if not any(misfit(e) for e in errs)]
    instance = error.instance
    if not plausible and isinstance(instance, dict) and "type" in instance:
        allowed = sorted({v for errs in branches.values() for e in errs if e.validator == "enum"
                          and list(e.absolute_path) == here + ["type"] for v in e.validator_value})
        if allowed:  # no branch has this discriminator: say so, not why the first branch failed
            return ValidationError(f"type {instance['type']!r} is none of {allowed}", path=[*here, "type"],
                                   validator="discriminator", validator_value=allowed, instance=instance["type"])
    candidates = [e for errs in (plausible or branches.values()) for e in errs]
    return _reason(max(candidates, key=lambda e: len(e.absolute_path)))


def _describe(error: ValidationError) -> str:
    """One mismatch, with the limit it broke (``maxLength 80``) and a short view of the value."""
    error = _reason(error)
    value = error.instance
    if isinstance(value, (str, list, dict)) and len(value) > 3 and error.validator in _SIZED:
        shown = f"{type(value).__name__} of {len(value)}"
    else:
        shown = repr(value) if len(repr(value)) <= 120 else repr(value)[:120] + "…"
    if error.validator in ("oneOf", "anyOf") and _consts(error.validator_value):
        return f"{_where(error)}: one of {sorted(_consts(error.validator_value))}, got {shown}"
    if error.validator in _SIZED or error.validator in ("maximum", "minimum", "enum", "type", "pattern"):
        return f"{_where(error)}: {error.validator} {error.validator_value!r}, got {shown}"
    return f"{_where(error)}: {error.message[:300]}"


_SIZED = ("maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties")


def check_request(method: str, path: str, body: Any, query: dict[str, str], files: list[str] | None = None
                  ) -> list[str]:
    """Every way this request breaks Discord's description (empty when it conforms), and the documented rule
    no schema can say (:func:`attachment_references`; ``files``: the names of the files uploaded with it). A
    route the spec does not describe is reported too: the stand-in must not serve what Discord does not."""
    op = operation_path(method, path)
    if op is None:
        return [f"{method} {path} is not in Discord's API description"]
    problems = []
    params = _query_parameters(method, op)
    for name, raw in query.items():
        param = params.get(name)
        if param is None:
            problems.append(f"query parameter {name!r} is not documented for {method} {op}")
            continue
        schema = param.get("schema", {})
        validator = _query_validator(method, op, name)
        for error in validator.iter_errors(_query_value(raw, schema)):
            problems.append(f"query {name}={raw!r}: {_reason(error).message}")
    validator = _body_validator(method, op)
    if body is not None and validator is None:
        problems.append(f"{method} {op} takes no body")
    elif validator is not None:
        problems += _body_problems(validator, body)
    message = body.get("data") if isinstance(body, dict) and op.endswith("/callback") else body
    if isinstance(message, dict) and op in _MESSAGE_BODIES.get(method, ()):
        problems += attachment_references(message, files or [])
    return problems


#: The operations whose body (or, for the callback, ``data``) is a message that may show pictures.
_MESSAGE_BODIES = {
    "POST": ("/channels/{channel_id}/messages", "/webhooks/{webhook_id}/{webhook_token}",
             "/interactions/{interaction_id}/{interaction_token}/callback"),
    "PATCH": ("/channels/{channel_id}/messages/{message_id}", "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
              "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
}


def attachment_references(message: dict[str, Any], files: list[str]) -> list[str]:
    """Each ``attachment://name`` in the message's embeds and components must name a file of *this* request:
    one uploaded with it (``files[n]``) or one listed in its ``attachments`` (a new upload's placeholder or
    an existing attachment kept by id). Discord documents no other way to show a picture:

    * developers/reference.mdx, "Uploading Files": "Images can also be referenced in embeds using the
      ``attachment://filename`` URL"; "Using Attachments within Embeds": "You can upload attachments when
      creating a message and use those attachments within your embed".
    * same page, "Editing Message Attachments": "The ``attachments`` JSON parameter includes all files that
      will be appended to the message, including new files"; "only files listed in the ``attachments``
      parameter will be appended to the message".
    * developers/components/reference.mdx, unfurled media item: ``url`` "Supports arbitrary urls and
      ``attachment://<filename>`` references"; the File component "only supports attachment references".

    An edit that omits ``attachments`` keeps the old files, but a new ``attachment://`` reference to one of
    them is not documented to resolve, so it counts as a mismatch. A kept attachment listed by id alone (no
    ``filename``) cannot be named from the request; then the check stays silent."""
    listed = message.get("attachments") or []
    if any(isinstance(a, dict) and not a.get("filename") for a in listed):
        return []
    named = set(files) | {a["filename"] for a in listed if isinstance(a, dict)}
    wanted = _references({k: message.get(k) for k in ("embeds", "components")}, [])
    missing = sorted({w for w in wanted if w not in named})
    return [f"attachment://{name} names no file of this request (none uploaded as {name!r}, and "
            f"'attachments' does not list it)" for name in missing]


def _references(value: Any, out: list[str]) -> list[str]:
    if isinstance(value, dict):
        for item in value.values():
            _references(item, out)
    elif isinstance(value, list):
        for item in value:
            _references(item, out)
    elif isinstance(value, str) and value.startswith("attachment://"):
        out.append(value[len("attachment://"):])
    return out


_VERDICTS: dict[tuple[int, str], list[str]] = {}


def _body_problems(validator: Any, body: Any) -> list[str]:
    """The body's mismatches; a body already judged (the same command sync at every bot start, the same
    button answer) is not judged again. Keyed by its canonical JSON, so the verdict cannot be stale."""
    key = (id(validator), json.dumps(body, sort_keys=True, separators=(",", ":")))
    verdict = _VERDICTS.get(key)
    if verdict is None:
        verdict = list(dict.fromkeys(_describe(e) for e in validator.iter_errors(body)))
        if len(_VERDICTS) >= 4096:
            _VERDICTS.clear()
        _VERDICTS[key] = verdict
    return list(verdict)


@cache
def _query_validator(method: str, path: str, name: str) -> Any:
    item = spec()["paths"][path]
    for where, params in (("", item.get("parameters", [])), (method.lower(), item[method.lower()].get("parameters", []))):
        for i, p in enumerate(params):
            if p.get("name") == name and p.get("in") == "query":
                parts = ("paths", path, *([where] if where else []), "parameters", str(i), "schema")
                return Validator({"$ref": BASE_URI + "#/" + _pointer(*parts)}, registry=_registry())
    raise KeyError(name)


def enforce(record: RequestRecord) -> None:
    """Refuse a request that breaks the description, as Discord does: 400, code 50035 "Invalid Form Body"."""
    problems = check_request(record.method, record.path, record.json, record.query,
                             [f.filename for f in record.files])
    if problems:
        raise PayloadRejected("Invalid Form Body: " + "; ".join(problems))
