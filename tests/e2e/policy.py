"""A seeded random player that plays rollbot through the stand-in the way people do: read the latest turn
prompt, find who must act, and click what the bot offers.

Nothing here knows the rules.  The bot's own offers are the only source of moves: move buttons
(``rp:m:``) and the options of move selects (``rp:s:``), including "narrow down" options that open a
private sub-menu, and now and then a choice of ``/rp play``'s autocomplete, typed as a command.  When the
prompt does not carry a menu (several players are due), the acting player presses "My moves" and plays
from the ephemeral menu.  Every choice comes from ``random.Random(seed)``; the dice come from the game's
seed, which the bot draws (``flows.telling_the_seed`` names it when a game fails).

Every public post is checked on the way: its pictures are real PNGs of the renderers' width, and it only
pings players who must act.  A game is bounded by ``max_interactions``; when it is exceeded, or when the
bot answers with anything but a menu, a prompt or the final scores, the game fails with what was on screen.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.i18n import t
from images.rollplayer.scores import WIDTH as SCORES_WIDTH
from images.rollplayer.sheet import WIDTH as SHEET_WIDTH
from images.rollplayer.step import WIDTH as STEP_WIDTH
from images.rollplayer.table import WIDTH as TABLE_WIDTH
from tests.discord_stub.images import png_size
from tests.discord_stub.interactions import (
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    UPDATE_MESSAGE,
    InteractionRecord,
)
from tests.discord_stub.messages import StubMessage
from tests.discord_stub.server import DiscordStub
from tests.discord_stub.world import StubChannel, StubUser

LOCALE = "en"
MOVE_BUTTON = "rp:m:"
MOVE_SELECT = "rp:s:"
#: Upper bound on a rendered picture's height: a sane layout of 1000 px width is never a strip this long.
MAX_IMAGE_HEIGHT = 6000
#: Roll Player's pictures, each as wide as its renderer draws it (narrow: they are read on phones).
IMAGE_WIDTHS = {"table.png": TABLE_WIDTH, "sheet.png": SHEET_WIDTH, "scores.png": SCORES_WIDTH,
                "step.png": STEP_WIDTH}
MIN_IMAGE_HEIGHT = 100


def redrawn_private(stub: DiscordStub, ix: InteractionRecord, after: int | None = None) -> StubMessage | None:
    """The clicking player's private message, redrawn with a menu after ``ix``: in place when ``ix`` was a
    click on it (edited with ``ix``'s own token), or their earlier private message reused for a step that
    began on the public message. ``after``: the newest game version the player has seen; a message redrawn
    through another interaction's token must show a newer one (an edit for an earlier step whose answer was
    lost is sent again, and may land after the click)."""
    for message in reversed(stub.messages(ix.channel, visible_to=ix.user)):
        if not message.ephemeral or message.updated_seq <= ix.seq or not move_options(message):
            continue
        through_ix = message.id in ix.edited_ids or (message is ix.message and ix.callback_type == UPDATE_MESSAGE)
        if message is ix.message and not through_ix:
            continue
        version = version_of(message)
        if not through_ix and after is not None and version is not None and version <= after:
            continue
        return message
    return None


class GameStuck(AssertionError):
    """The bot left the player without a way forward (or the game did not end in time)."""


def display_name(user: StubUser) -> str:
    """The name the bot seats a player under (Discord's display name: the global name)."""
    return user.payload()["global_name"]


def turn_prefix(user: StubUser, mentioned: bool) -> str:
    who = f"<@{user.id}>" if mentioned else f"**{display_name(user)}**"
    marker = "\x00"
    return t("play.your_turn", LOCALE, player=who, away="", decision=marker).split(marker)[0]


def due_players(prompt: StubMessage, players: Sequence[StubUser]) -> list[StubUser]:
    """Who the prompt says must act: lines made from the ``play.your_turn`` message, pinged or in bold."""
    lines = prompt.text.splitlines()
    due = []
    for user in players:
        prefixes = (turn_prefix(user, True), turn_prefix(user, False))
        if any(line.startswith(prefixes) for line in lines):
            due.append(user)
    return due


def check_png(message: StubMessage, name: str, measure: Callable[..., tuple[int, int]] = png_size
              ) -> tuple[int, int]:
    """``measure`` decodes the whole picture by default; the benchmark passes a header-only reader."""
    width, height = measure(message.attachment(name))
    wide = IMAGE_WIDTHS[name]
    assert width == wide and MIN_IMAGE_HEIGHT <= height <= MAX_IMAGE_HEIGHT, (
        f"{name} on message {message.id} is {width}x{height}, expected {wide} wide")
    return width, height


#: components whose custom id carries the game version they were built for (``rp:<kind>:<game>:<version>:…``)
VERSIONED = ("rp:m:", "rp:s:", "rp:t:", "rp:c:", "rp:u:")


def version_of(message: StubMessage) -> int | None:
    """The game version a message's move components were built for (None: it carries none)."""
    versions = [int(c["custom_id"].split(":")[3]) for c in message.buttons + message.selects
                if c.get("custom_id", "").startswith(VERSIONED)]
    return max(versions) if versions else None


def is_final(message: StubMessage) -> bool:
    return any(a.filename == "scores.png" for a in message.attachments)


def moves_line(message: StubMessage) -> str:
    """The live message's line of the moves since it appeared (``-# …``): a public step adds to it."""
    return next((line for line in reversed(message.text.splitlines()) if line.startswith("-# ")), "")


def move_options(message: StubMessage) -> list[tuple[str, str, str]]:
    """(kind, custom_id, value) of every move the message offers: ("button", id, label) or
    ("select", id, option value)."""
    out: list[tuple[str, str, str]] = []
    for button in message.buttons:
        cid = button.get("custom_id", "")
        if cid.startswith(MOVE_BUTTON) and not button.get("disabled"):
            out.append(("button", cid, button.get("label", "")))
    for select in message.selects:
        if select.get("custom_id", "").startswith(MOVE_SELECT) and not select.get("disabled"):
            out += [("select", select["custom_id"], o["value"]) for o in select.get("options", [])]
    return out


@dataclass
class GameLog:
    """What happened, for assertions and for the failure message of a stuck game."""

    interactions: int = 0
    moves: int = 0                  # moves played, clicked or typed (not sub-menus or "My moves")
    typed_moves: int = 0            # moves played with /rp play move:<autocomplete choice>
    public_posts: list[StubMessage] = field(default_factory=list)
    #: each prompt's text as it read when it was played from (the messages are edited into summaries later)
    prompt_texts: list[str] = field(default_factory=list)
    private_steps: int = 0
    trail: list[str] = field(default_factory=list)

    def note(self, line: str) -> None:
        self.trail.append(line)
        del self.trail[:-15]


class RandomPlayer:
    """Plays one game to its end from its first public prompt."""

    def __init__(self, stub: DiscordStub, channel: StubChannel, players: Sequence[StubUser], *, seed: int,
                 max_interactions: int = 1500, timeout: float = 10.0,
                 observer: Callable[[InteractionRecord, StubMessage], None] | None = None,
                 measure: Callable[..., tuple[int, int]] = png_size, typed_share: float = 0.1) -> None:
        """``observer(ix, answer)`` sees every click with what it led to (the benchmark times them);
        ``typed_share`` of the decisions are typed as ``/rp play move:`` with the bot's autocomplete."""
        self.stub = stub
        self.channel = channel
        self.players = list(players)
        self.rng = random.Random(seed)
        self.max_interactions = max_interactions
        self.timeout = timeout
        self.observer = observer
        self.measure = measure
        self.typed_share = typed_share
        self.log = GameLog()
        self.prompt: StubMessage | None = None
        #: the prompt's line of moves as it read when it became the prompt: a public step in place adds to it,
        #: while a decision that went on privately only takes the menu off it (who is due stays named)
        self.prompt_moves = ""
        self.menu: StubMessage | None = None          # where the acting player clicks next
        self.menu_owner: StubUser | None = None
        #: the newest game version among the messages acted on: a move's outcome is newer
        self.latest_version = 0

    def saw(self, message: StubMessage) -> None:
        version = version_of(message)
        if version is not None:
            self.latest_version = max(self.latest_version, version)

    # ---------------------------------------------------------------- checks on what the bot posts
    def check_public_post(self, post: StubMessage) -> None:
        assert not post.ephemeral
        check_png(post, "table.png", self.measure)
        if any(a.filename == "sheet.png" for a in post.attachments):
            check_png(post, "sheet.png", self.measure)
        if is_final(post):
            check_png(post, "scores.png", self.measure)
            assert not move_options(post), "the final post still offers moves"
            return
        due = due_players(post, self.players)
        if not due:
            self.fail(f"prompt {post.id} names nobody who must act: {post.text!r}")
        pinged = set(post.mentions)
        assert pinged <= {u.id for u in due}, f"prompt {post.id} pings players who are not due: {post.mentions}"
        self.log.public_posts.append(post)
        self.log.prompt_texts.append(post.text)
        self.saw(post)

    def fail(self, why: str) -> None:
        trail = "\n  ".join(self.log.trail)
        raise GameStuck(f"{why}\nafter {self.log.interactions} interactions; last steps:\n  {trail}")

    # ---------------------------------------------------------------- acting
    async def choose(self, user: StubUser, menu: StubMessage) -> InteractionRecord:
        options = move_options(menu)
        if not options:
            self.fail(f"menu {menu.id} for {user.username} offers no move: {menu.content!r}")
        kind, custom_id, value = self.rng.choice(options)
        self.log.interactions += 1
        if self.log.interactions > self.max_interactions:
            self.fail(f"the game did not end within {self.max_interactions} interactions")
        self.log.note(f"{user.username} {kind} {value!r} on {'private' if menu.ephemeral else 'public'} "
                      f"message {menu.id}")
        if kind == "button":
            return await self.stub.click(user, menu, custom_id=custom_id)
        return await self.stub.select(user, menu, [value], custom_id=custom_id)

    async def open_my_moves(self, user: StubUser, prompt: StubMessage) -> StubMessage:
        self.log.interactions += 1
        self.log.note(f"{user.username} clicks My moves on {prompt.id}")
        ix = await self.stub.click(user, prompt, label=t("button.my_moves", LOCALE))
        answer = await self.outcome(ix)
        if not answer.ephemeral or not move_options(answer):
            self.fail(f"'My moves' for due player {user.username} answered {answer.content!r}")
        return answer

    async def type_move(self, user: StubUser) -> StubMessage:
        """``/rp play move:`` with one of the choices the bot's autocomplete offers; returns the private
        continuation (a menu) or the new public post."""
        choices = await self.stub.autocomplete(user, self.channel, "rp play", focused="move", move="",
                                               timeout=self.timeout)
        if not choices:
            self.fail(f"autocomplete of /rp play offers {user.username} no move")
        choice = self.rng.choice(choices)
        self.log.interactions += 2
        self.log.note(f"{user.username} types /rp play move:{choice['name']!r}")
        ix = await self.stub.run_command(user, self.channel, "rp play", move=choice["value"])
        first = await ix.wait_response(self.timeout)       # the command's own (private) answer
        if not first.ephemeral or first.visible_to != user.id:
            self.fail(f"/rp play answered {user.username} in public: {first.content!r}")
        if move_options(first):
            return first                                    # the turn goes on privately
        done = t("play.done", LOCALE, move="\x00").split("\x00")[0]
        if not first.content.startswith(done):
            self.fail(f"{user.username}'s typed move was refused: {first.content!r}")
        return await self.wait_public_change(ix)

    def public_change(self, ix: InteractionRecord) -> StubMessage | None:
        """The game's live message after ``ix`` changed it: a new message with pictures (the previous one is
        summarised first), or the live message edited in place."""
        posts = [m for m in ix.public_posts() if m.images]
        if posts:
            return posts[0]
        live = self.prompt
        if live is not None and live.updated_seq > ix.seq and live.images and not live.deleted \
                and not self.only_went_private(live):
            # an edit for an earlier step may land late (its send was retried): only a newer state is the outcome
            version = version_of(live)
            if version is None or version > self.latest_version:
                return live
        return None

    def only_went_private(self, live: StubMessage) -> bool:
        """Whether the live message, edited, only lost the menu of a decision that went on privately (the mover
        reads their next step in their private message): no moves added, no newer menu."""
        return live is self.prompt and version_of(live) is None and moves_line(live) == self.prompt_moves

    async def wait_public_change(self, ix: InteractionRecord) -> StubMessage:
        return await self.stub.wait_until(lambda: self.public_change(ix), self.timeout,
                                          f"the live message to change after {ix.describe()}",
                                          channel=ix.channel.id)

    async def outcome(self, ix: InteractionRecord) -> StubMessage:
        """What the click led to: a private menu or refusal, an updated menu (a private step redraws the
        private message in place), or the live message (new, or edited in place).

        The bot answers through the interaction: a click on the live message is answered with the live message
        itself (UPDATE_MESSAGE, edited in place or shrunk to a summary while the new live message comes as a
        follow-up); a click on a private message redraws it, or says what was played while the live message
        changes. A slow answer is a deferred update followed by the same edits."""
        await ix.wait_ack(self.timeout)

        def ready() -> StubMessage | None:
            public = [m for m in ix.followups if not m.ephemeral and m.images]
            if public:
                return public[0]
            original = ix.original
            if original is not None and not original.ephemeral and original.images \
                    and original.updated_seq > ix.seq and (original.interaction_id == ix.id or original.edits) \
                    and (version_of(original) or self.latest_version + 1) > self.latest_version \
                    and not self.only_went_private(original):
                return original
            if ix.callback_type == CHANNEL_MESSAGE and original is not None and original.ephemeral:
                return original
            change = self.public_change(ix)
            if change is not None:
                return change
            private = redrawn_private(self.stub, ix, self.latest_version)
            if private is not None:
                return private
            if ix.callback_type == DEFERRED_CHANNEL_MESSAGE and original is not None and not original.loading \
                    and move_options(original):
                return original
            return None

        if ix.callback_type not in (CHANNEL_MESSAGE, UPDATE_MESSAGE, DEFERRED_UPDATE, DEFERRED_CHANNEL_MESSAGE):
            self.fail(f"{ix.describe()} was answered with callback type {ix.callback_type}")
        answer = await self.stub.wait_until(ready, self.timeout, f"the answer to {ix.describe()}",
                                            channel=ix.channel.id)
        if self.observer is not None:
            self.observer(ix, answer)
        return answer

    def start(self, prompt: StubMessage) -> None:
        """Take over at a public prompt (the first turn message, or one from before a restart)."""
        self.check_public_post(prompt)
        self.prompt, self.menu, self.menu_owner = prompt, None, None
        self.prompt_moves = moves_line(prompt)

    def take_over(self, answer: StubMessage, clicked_by: StubUser) -> None:
        """Carry on after a click the test made itself: from the new public post, or from the private
        menu the clicking player got."""
        if answer.ephemeral:
            self.menu, self.menu_owner = answer, clicked_by
        else:
            self.start(answer)

    @property
    def finished(self) -> bool:
        return self.prompt is not None and is_final(self.prompt)

    async def step(self) -> InteractionRecord | None:
        """One decision: pick who acts and a move among the offered ones, click (or now and then type it),
        and follow the answer.  Returns the click (None for a typed move)."""
        assert self.prompt is not None, "call start() with the first prompt"
        if self.menu is None:
            due = due_players(self.prompt, self.players)
            self.menu_owner = self.rng.choice(due)
        owner = self.menu_owner
        assert owner is not None
        typed = self.rng.random() < self.typed_share
        if typed:
            ix = None
            answer = await self.type_move(owner)
            self.log.typed_moves += 1
        else:
            if self.menu is None:
                offers = len(due_players(self.prompt, self.players)) == 1 and move_options(self.prompt)
                self.menu = self.prompt if offers else await self.open_my_moves(owner, self.prompt)
            ix = await self.choose(owner, self.menu)
            answer = await self.outcome(ix)
        if not answer.ephemeral:
            self.log.moves += 1
            self.check_public_post(answer)
            self.prompt, self.menu, self.menu_owner = answer, None, None
            self.prompt_moves = moves_line(answer)
            return ix
        if answer.visible_to != owner.id:
            self.fail(f"a private answer went to {answer.visible_to}, not {owner.username}")
        if not move_options(answer):
            self.fail(f"{owner.username}'s click was refused: {answer.content!r}")
        self.saw(answer)
        # a move on the live message that continues privately: the click is answered on the live message (its menu
        # taken off, or after a deferral), the step in the player's private message (a narrowed menu is a new one)
        if typed or (not ix.message.ephemeral and ix.callback_type in (DEFERRED_UPDATE, UPDATE_MESSAGE)):
            self.log.moves += 1
            self.log.private_steps += 1
            check_png(answer, "step.png", self.measure)    # the compact step picture; "Full sheet" has the rest
        self.menu = answer
        return ix

    async def play(self, prompt: StubMessage | None = None, *,
                   until: Callable[[StubMessage], bool] | None = None) -> StubMessage:
        """Play on (from ``prompt`` if given) to the final-score post and return it, or stop at the first
        public prompt for which ``until`` holds and return that."""
        if prompt is not None:
            self.start(prompt)
        while not self.finished:
            await self.step()
            if self.menu is None and until is not None and until(self.prompt):
                break
        return self.prompt
