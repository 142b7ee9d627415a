"""Plays whole games through the UI only: the latest turn prompt, "My moves", selects and buttons.

The driver looks at the game state only to know *who* must act (as a player would from the mention); every
move goes through a component the bot posted.  It picks the first option each time (narrowing menus are
opened like a player would), which is enough to reach the end of any game.
"""
from __future__ import annotations

from harness import Harness, Place, Result, Sent, User, is_played


def move_components(message: Sent) -> bool:
    return bool(message.selects()) or any(b["custom_id"].startswith("rp:m:") for b in message.buttons())


def menu_version(message: Sent) -> int | None:
    """The game version a menu was built for (it is in every move component's custom id)."""
    for comp in message.selects() + message.buttons():
        parts = comp["custom_id"].split(":")
        if parts[1] in ("m", "s"):
            return int(parts[3])
    return None


class Driver:
    def __init__(self, harness: Harness, place: Place, users: list[User]):
        self.h = harness
        self.place = place
        self.users = users
        self.prompt: Sent | None = None          # the latest public turn message
        self.private: dict[int, Sent] = {}        # user id -> their latest private menu
        self.own: dict[int, Sent] = {}            # user id -> their latest private message, menu or not
        self.steps = 0
        self.results: list[Result] = []
        #: every new public game message as it was when it appeared (file names, text, pinged user ids):
        #: the courier later summarises it (no pictures, no buttons) when a newer one takes over
        self.seen: list[tuple[list[str], str, list[int]]] = []

    async def game(self):
        return await self.h.bot.sessions.load(self.game_id)

    def absorb(self, result: Result, user: User) -> None:
        self.results.append(result)
        for message in result.messages:
            if message.ephemeral:
                self.own[user.id] = message
                if move_components(message):
                    self.private[user.id] = message
            elif message.files and not message.deleted:
                self.prompt = message
                self.seen.append((message.file_names(), message.text(),
                                  [int(u) for u in (message.allowed_mentions or {}).get("users", [])]))
        # an ephemeral menu edited in place (narrowing) stays the user's private menu
        mine = self.private.get(user.id)
        if mine is not None and not move_components(mine):
            del self.private[user.id]

    async def act(self, user: User, seat: int) -> Result:
        own = self.own.get(user.id)
        edits = own.edits if own is not None else 0
        result = await self._act(user, seat)
        if user.id not in self.private and own is not None and own.edits > edits and move_components(own):
            self.private[user.id] = own      # the player's earlier private message, redrawn for this step
        return result

    async def _act(self, user: User, seat: int) -> Result:
        menu = self.private.get(user.id)
        if menu is None and self.prompt is not None and move_components(self.prompt) \
                and self.prompt_seat == seat and menu_version(self.prompt) == (await self.game()).version:
            menu = self.prompt
        if menu is None:
            if any(b.get("label") == "My moves" for b in self.prompt.buttons()):
                result = await self.h.click(self.prompt, user=user, place=self.place, label="My moves")
            else:
                result = await self.h.run("play", user=user, place=self.place)
            self.absorb(result, user)
            menu = self.private[user.id]
        if menu.selects():
            select = menu.selects()[0]
            result = await self.h.select(menu, [select["options"][0]["value"]], user=user, place=self.place)
        else:
            button = next(b for b in menu.buttons() if b["custom_id"].startswith("rp:m:"))
            result = await self.h.click(menu, user=user, place=self.place, custom_id=button["custom_id"])
        if menu is self.private.get(user.id) and 7 not in result.callback_types and not move_components(menu):
            self.private.pop(user.id, None)
        self.absorb(result, user)
        return result

    @property
    def prompt_seat(self) -> int | None:
        """Whose menu the public prompt carries: the one player it mentions as due."""
        return self._prompt_seat

    async def play_to_end(self, game_id: int, first: Result, max_steps: int = 3000) -> None:
        self.game_id = game_id
        self._prompt_seat = None
        self.absorb(first, self.users[0])
        kind = self.h.bot.sessions.kinds["rollplayer"]
        while True:
            game = await self.game()
            if game.status != "active":
                return
            due = [p["seat"] for p in kind.pending(game.state)]
            self._prompt_seat = due[0] if len(set(due)) == 1 else None
            seat = due[0]
            user = next(u for u in self.users if u.id == game.seats[seat].user_id)
            result = await self.act(user, seat)
            assert not any("⟦" in m.text() for m in result.messages), [m.text() for m in result.messages]
            errors = [m for m in result.messages if m.ephemeral and not move_components(m)
                      and not is_played(m.content)]
            assert not errors, [m.text() for m in errors]
            self.steps += 1
            assert self.steps < max_steps, "game did not end"
