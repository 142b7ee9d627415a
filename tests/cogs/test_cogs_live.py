"""The live game message: when a public step posts anew or edits in place (``bot.engine.turn``), the layout it
is drawn in and the summary an older message becomes (``cogs.outbox``), pictures rendered once per step."""
from __future__ import annotations

from types import SimpleNamespace

import discord
from hypothesis import given
from hypothesis import strategies as st

from bot.engine.table import TableMeta
from bot.engine.turn import TurnBook, _message
from bot.games.kind import Kind
from bot.i18n import t
from cogs.buttons import MoveButton
from cogs.outbox import (
    MOVE_SEPARATOR,
    SUMMARY_LIMIT,
    Courier,
    LiveParts,
    PictureCache,
    as_sentence,
    clip_moves,
    live_layout,
    message_part,
    shown_width,
    summary_layout,
)


class Book:
    """The turn book's table between public posts, as ``_message`` leaves it."""

    def __init__(self):
        self.table = TableMeta()

    def message(self, kind, state, due, version, **flags):
        self.table, edit, fresh = _message(kind, state, self.table, due, version, **flags)
        return edit, fresh


class Plain(Kind):
    """A game kind without the message_mark hooks (its decisions are not named: the mentions' keys are the same)."""

    def pending(self, state):
        return []


class ByHand(Plain):
    def message_mark(self, state):
        return state["hand"]

    def seats_to_notify(self, state):
        return state["notify"]


def test_a_new_message_only_for_someone_newly_due_the_start_and_the_end():
    book = Book()
    assert book.message(Plain(), {}, [0], 1, finished=False, started=True) == (False, [0])
    # seat 0 still due after its step: nobody new to ping, the live message is edited in place
    assert book.message(Plain(), {}, [0], 2, finished=False) == (True, [])
    # seat 1 becomes due: a new message that pings them
    assert book.message(Plain(), {}, [1], 3, finished=False) == (False, [1])
    # both due, seat 1 already pinged for this decision: seat 0 is new
    assert book.message(Plain(), {}, [0, 1], 4, finished=False) == (False, [0])
    assert book.message(Plain(), {}, [0], 5, finished=False) == (True, [])
    assert book.message(Plain(), {}, [], 6, finished=True) == (False, [])


def test_a_new_mark_starts_a_new_message_and_pings_everyone_it_concerns():
    book = Book()
    hand1 = {"hand": 1, "notify": [1, 0]}
    assert book.message(ByHand(), hand1, [1], 1, finished=False, started=True) == (False, [1, 0])
    assert book.table.message_mark == 1
    assert book.message(ByHand(), {"hand": 1, "notify": [0]}, [0], 2, finished=False) == (True, [])
    hand2 = {"hand": 2, "notify": [0, 1]}
    assert book.message(ByHand(), hand2, [0], 3, finished=False) == (False, [0, 1])
    assert sorted(s for s, *_ in book.table.notified) == [0, 1]


class Steps(Kind):
    """A game kind whose state names who is due, for which decision, in which step."""

    def pending(self, state):
        return [{"seat": seat, "decision": state["decision"]} for seat in state["due"]]

    def step_mark(self, state):
        return state["step"]


class Turns:
    """The turn book between changes, as ``SessionManager`` drives it: each change's meta feeds the next."""

    def __init__(self, state):
        self.book, self.kind, self.meta, self.version, self.state = TurnBook(clock=lambda: 0.0), Steps(), {}, 1, state

    def view(self):
        return SimpleNamespace(meta=self.meta, state=self.state, version=self.version, seats=())

    def start(self):
        kept, record = self.book.start(self.kind, self.view())
        self.meta = kept.meta
        return record

    def move(self, seat, state):
        before = self.state
        self.state, self.version = state, self.version + 1
        result = SimpleNamespace(version=self.version, finished=False, events=[])
        kept, record = self.book.move(self.kind, self.view(), result, seat, self.kind.step_mark(before))
        self.meta = kept.meta
        return record

    def undo(self, seat, state):
        before = self.state
        self.state, self.version = state, self.version + 1
        result = SimpleNamespace(version=self.version, undone_seq=self.version - 1)
        kept, record = self.book.undo(self.kind, self.view(), result, seat, self.kind.step_mark(before),
                                      [item["seat"] for item in self.kind.pending(before)])
        self.meta = kept.meta
        return record


ANN_ACTS = {"due": [0], "decision": "act", "step": 1}
BEN_TAKES = {"due": [1], "decision": "take", "step": 1}


def test_a_redo_after_an_undo_does_not_ping_the_same_player_for_the_same_decision_again():
    """Tour I, defect 3: Ann ends her turn (Ben pinged), takes it back, ends it again: Ben is not pinged twice
    for the same decision, and the live message that pinged him is edited in place."""
    turns = Turns(ANN_ACTS)
    assert turns.start().mention == [0]
    assert turns.move(0, BEN_TAKES).mention == [1]
    undone = turns.undo(0, ANN_ACTS)
    assert undone.public and undone.mention == [] and undone.post.get("edit")
    redone = turns.move(0, BEN_TAKES)
    assert redone.public and redone.mention == [] and redone.post.get("edit")
    # later turns ping as ever: Ben hands the turn back to Ann, then she hands it to him again
    assert turns.move(1, ANN_ACTS).mention == [0]
    assert turns.move(0, BEN_TAKES).mention == [1]


def test_after_an_undo_a_different_decision_pings_afresh():
    """The undo then leads elsewhere: Ben due for another decision, or the same one in another step, is pinged;
    so is Ben after a step in which he was not due (the withdrawn mention counts for the next post only)."""
    for elsewhere in ({"due": [1], "decision": "discard", "step": 1}, {"due": [1], "decision": "take", "step": 2}):
        turns = Turns(ANN_ACTS)
        turns.start()
        turns.move(0, BEN_TAKES)
        turns.undo(0, ANN_ACTS)
        moved = turns.move(0, elsewhere)
        assert moved.mention == [1] and not moved.post.get("edit")
    turns = Turns(ANN_ACTS)
    turns.start()
    turns.move(0, BEN_TAKES)
    turns.undo(0, ANN_ACTS)
    assert turns.move(0, {"due": [2], "decision": "take", "step": 1}).mention == [2]
    assert turns.move(2, BEN_TAKES).mention == [1]


def test_the_layout_holds_pictures_text_and_the_menu_rows():
    menu = discord.ui.View(timeout=None)
    for index in range(7):
        menu.add_item(MoveButton(1, 2, index, "0000000a", label=f"move {index}"))
    layout = live_layout(LiveParts(pictures=["table.png"], status="Round 1", due="<@5>: choose.",
                                   moves="a · b", menu=menu))
    data = layout.to_components()
    container, *rows = data
    assert container["type"] == 17 and [c["type"] for c in container["components"]] == [12, 10, 10, 10]
    assert container["components"][0]["items"][0]["media"]["url"] == "attachment://table.png"
    assert [len(r["components"]) for r in rows] == [5, 2] and all(r["type"] == 1 for r in rows)
    assert rows[0]["components"][0]["custom_id"] == "rp:m:1:2:0:0000000a"
    assert layout.has_components_v2() and layout.is_persistent()
    summary = summary_layout("x" * 5000, "en").to_components()
    assert [c["type"] for c in summary] == [10] and len(summary[0]["content"]) <= len("-# ") + SUMMARY_LIMIT


def test_a_result_says_who_won_before_its_pictures():
    """The final post leads with its tall score picture: on a phone the verdict came a screen below it."""
    final = live_layout(LiveParts(pictures=["scores.png", "table.png", "chart.png"], due="Final scores\n1. Ann",
                                  moves="a · b", lead=True)).to_components()
    assert [c["type"] for c in final[0]["components"]] == [10, 12, 12, 10]
    assert final[0]["components"][0]["content"].startswith("Final scores")
    assert [i["media"]["url"] for i in final[0]["components"][1]["items"]] == ["attachment://scores.png"]


async def test_pictures_are_rendered_once_per_key():
    cache, calls = PictureCache(size=2), []

    async def render():
        calls.append(1)
        return [("table.png", b"png")]
    for key in [(1, 5, "en", "table"), (1, 5, "en", "table"), (1, 6, "en", "table"), (1, 5, "en", "table")]:
        assert await cache.get(key, render) == [("table.png", b"png")]
    assert len(calls) == 2 and cache.hits == 2


def test_the_private_pictures_shown_are_remembered_by_last_use():
    """The courier remembers which picture each private message shows for the 512 messages used last (an LRU
    cache): a message shown again and again stays remembered however many others came after it."""
    courier = Courier(None, None, None)
    assert not courier.private_sheet_shown(1, b"sheet")
    for message_id in range(2, 600):
        assert courier.private_sheet_shown(1, b"sheet"), message_id      # the player's own, used at each step
        assert not courier.private_sheet_shown(message_id, b"other")
    assert courier.private_sheet_shown(1, b"sheet")
    assert not courier.private_sheet_shown(2, b"other")                  # long unused: forgotten, attached again


MOVE = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=80).filter(str.strip)


@given(st.lists(MOVE, min_size=1, max_size=40), st.integers(30, 400), st.booleans())
def test_a_line_of_moves_is_cut_between_moves_never_inside_one(moves, limit, newest):
    """A German playground tour saw a summary end "… Ann lässt die Attributa…": the line is cut between moves,
    keeping the first ones (a summary) or the newest (the live message), never wider than ``limit`` (a Korean
    character counts two: a Korean line ran twice as long on a phone) nor longer in characters. A sentence says
    that moves were left out, where a bare "…" was read "horizontal ellipsis"."""
    sentences = [as_sentence(m) for m in moves]
    line = MOVE_SEPARATOR.join(sentences)
    clipped = clip_moves(moves, limit, "en", newest=newest)
    assert len(clipped) <= limit
    if shown_width(line) <= limit:
        assert clipped == line
        return
    note = t("play.log_earlier", "en") if newest else t("play.log_more", "en")
    if newest and clipped.startswith(note + MOVE_SEPARATOR):
        kept = clipped[len(note + MOVE_SEPARATOR):]
        assert line.endswith(MOVE_SEPARATOR + kept) and shown_width(clipped) <= limit
        assert any(MOVE_SEPARATOR.join(sentences[i:]) == kept for i in range(1, len(sentences)))
    elif not newest and clipped.endswith(MOVE_SEPARATOR + note):
        kept = clipped[:-len(MOVE_SEPARATOR + note)]
        assert any(MOVE_SEPARATOR.join(sentences[:i]) == kept for i in range(1, len(sentences)))
        assert shown_width(clipped) <= limit
    else:                                          # not even one whole move fits: a plain cut
        assert shown_width(sentences[-1 if newest else 0]) + len(note) + 1 > limit


def test_moves_read_as_sentences_without_symbols_a_reader_names():
    """A screen reader read the " · " between moves as "middle dot", and the "…" that began the line of a long
    turn (Roll Player's moves after a few placements, on every edit) as "horizontal ellipsis": the moves are
    sentences, and a sentence in the game's language says that earlier ones were left out."""
    moves = ["Ann placed blue 6 in STR", "Ann gained 1 gold (completed row)", "The game begins!"]
    assert clip_moves(moves, 700, "en") == \
        "Ann placed blue 6 in STR. Ann gained 1 gold (completed row). The game begins!"
    long = [f"Ann placed blue {n % 6 + 1} in STR" for n in range(60)]
    for locale in ("en", "de", "fr", "ko"):
        line = clip_moves(long, 700, locale, newest=True)
        assert line.startswith(t("play.log_earlier", locale) + " ") and line.endswith("in STR.")
        assert "…" not in line and "·" not in line


def test_a_korean_line_of_moves_is_cut_at_the_width_a_phone_shows():
    korean = ["민지 님이 빨간색 2를 건강 줄에 놓았어요"] * 40
    german = ["Minji legt Rot 2 in die KON-Reihe"] * 40
    assert shown_width(clip_moves(korean, 700, "ko", newest=True)) <= 700
    assert len(clip_moves(korean, 700, "ko", newest=True)) < 0.7 * len(clip_moves(german, 700, "de", newest=True))


def test_a_summary_keeps_a_whole_german_turn():
    turn = clip_moves(["Ann wählt Initiativekarte 1 (Grün 1)", "Ann platziert Grün 1 in STR",
                       "Ann lässt die Attributaktion STR aus", "Ann wählt „Im Einklang“: Freigeist",
                       "Der Abenteurerwürfel zeigt 4: Langschwert kommt auf den Müllstapel"] * 2, 700, "de")
    assert turn in str(summary_layout(turn, "de").to_components())


def test_a_summary_keeps_every_move_of_a_long_turn():
    """A summarised message is what the channel keeps of it: a French turn of re-attacks (1,800 characters) lost
    its newest moves at 1,000, and the live message's line its oldest before that. Every move is kept, whole, on
    its one line (within Discord's 4,000 characters of a message); a move holding the separator ("Ann · Healer
    places …") stays one."""
    moves = [f"Ann · Guérisseur place 1 dé de valeur {k} sur la Forêt" for k in range(60)]
    [display] = summary_layout(moves, "fr").to_components()
    assert display["type"] == 10 and display["content"] == "-# " + MOVE_SEPARATOR.join(f"{move}." for move in moves)
    assert len(display["content"]) < 4000
    assert clip_moves(moves, 100, "fr", newest=True) == f"{t('play.log_earlier', 'fr')} {moves[-1]}."


def test_a_turns_end_belongs_to_the_message_it_ends():
    """A post that opens a new message (a new turn) begins with the end of the previous turn: its events before
    the game's ``message_opener`` end the previous message (its summary tells them), the rest are the new one's.
    A post edited into its message, the game's first post, or one without the opener is all its own."""
    events = [{"key": "placed"}, {"key": "reveal"}, {"key": "turn"}, {"key": "roll"}]
    new = {"events": events, "live": True}
    assert message_part(new, "turn", own=False) == events[:2] and message_part(new, "turn", own=True) == events[2:]
    for own in ({**new, "edit": True}, {**new, "started": True}, {"events": events[:2]}):
        assert message_part(own, "turn", own=True) == own["events"] and message_part(own, "turn", own=False) == []
    assert message_part(new, None, own=True) == events
