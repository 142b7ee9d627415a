"""More of the playground through the browser: a 3-player Roll for Adventure game played for several turns;
games shown in German and in Korean (the page's own texts too); a game that survives a restart of the
playground; "skip time" bringing the turn clock's reminder."""
from __future__ import annotations

from bot.i18n import catalog, t
from tests.playground_page.browser import Page, PlaygroundProcess, RandomPlayer, has_image


def open_duel(page: Page, command: str, pick: str, options: dict | None = None, *, locale: str = "en",
              joiners: tuple[str, ...] = ("Ben",)) -> None:
    page.go("games")
    page.command(command, pick, options)
    for person in joiners:
        page.be(person)
        page.click_button(t("button.join", locale))
    page.be("Ann")
    page.click_button(t("button.start", locale))


def test_a_three_player_roll_for_adventure_game_for_several_turns(page: Page):
    open_duel(page, "/rfa", "rfa new", {"players": 3}, joiners=("Ben", "Cleo"))
    player = RandomPlayer(page, ["Ann", "Ben", "Cleo"], "games", seed=7, moves=15, max_actions=200)
    messages = player.play()
    assert player.moves >= 15
    assert any(has_image(m, "table.png") for m in messages)
    assert not page.read()["toast"]


def test_a_german_game_and_a_korean_game_are_shown_in_their_language(page: Page):
    page.language("de")
    assert page.pane().find_element("css selector", ".who-label").text.lower() == t("playground.you_are", "de").lower()
    page.be("Ben")
    page.language("de")
    page.be("Ann")
    open_duel(page, "/poker", "poker new", {"language": "de"}, locale="de")
    assert page.option_labels["language"] == t("opt.language", "de") == "sprache"       # the option, named in German
    RandomPlayer(page, ["Ann", "Ben"], "games", seed=11, moves=3).play()
    labels = {b["label"] for m in page.read()["messages"] for b in m["buttons"]}
    german_only = set(catalog("de").values()) - set(catalog("en").values())
    assert labels & german_only, labels

    page.be("Cleo")
    page.language("ko")
    page.be("Dan")
    page.language("ko")
    page.go("tavern")
    page.be("Cleo")
    page.go("tavern")
    page.command("/rp", "rp new", {"players": 2, "language": "ko"})
    assert page.option_labels["players"] == t("opt.players", "ko")
    lobby = page.read()["messages"][-1]
    assert t("button.join", "ko") in [b["label"] for b in lobby["buttons"]], lobby
    page.be("Dan")
    page.click_button(t("button.join", "ko"))
    page.be("Cleo")
    page.click_button(t("button.start", "ko"))
    RandomPlayer(page, ["Cleo", "Dan"], "tavern", seed=13, moves=3).play()
    hangul = sum("\uac00" <= ch <= "\ud7a3" for m in page.read()["messages"] for ch in m["text"])
    assert hangul > 20, page.read()["messages"][-1]["text"]
    # a computer without a Korean font (as this one's Chromium) still shows Hangul: the pictures' own font
    loaded = page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "Promise.all([document.fonts.load('400 15px \"Rollbot Hangul\"', '한'),"
        " document.fonts.load('700 15px \"Rollbot Hangul\"', '한')])"
        ".then(r => done(r.flat().map(f => f.status + ' ' + f.weight))).catch(e => done(String(e)));")
    assert sorted(loaded) == ["loaded 400", "loaded 700"], loaded
    assert page.pane().find_element("css selector", ".who-label").text == t("playground.you_are", "ko")


def test_a_game_survives_a_restart_of_the_playground(playground: PlaygroundProcess, page: Page):
    open_duel(page, "/poker", "poker new")
    RandomPlayer(page, ["Ann", "Ben"], "games", seed=17, moves=2).play()
    shown = page.read()
    before = [m["id"] for m in shown["messages"]]
    public_before = [m["text"] for m in shown["messages"] if not m["ephemeral"]]
    playground.restart()
    page.url = playground.url
    page.open()
    page.go("games")
    page.be(shown["viewer"])    # a reopened page shows Ann: the same person sees the same private answers
    assert [m["id"] for m in page.read()["messages"]][: len(before)] == before
    # the game goes on where it was: the old menus still work, and the bot answers in place
    player = RandomPlayer(page, ["Ann", "Ben"], "games", seed=19, moves=4)
    player.play()
    assert player.moves >= 4 and not page.read()["toast"]
    public_after = [m["text"] for m in page.read()["messages"] if not m["ephemeral"]]
    assert public_after != public_before, "no move was played after the restart"


def test_skip_time_brings_the_turn_clock_reminder(page: Page):
    open_duel(page, "/rp", "rp new", {"players": 2, "pace": "fast"})
    count = len(page.read()["messages"])
    before = page.revision()
    page.driver.find_element("css selector", '.skip-btn[data-skip="43200"]').click()
    page.settle(since=before)
    # fast pace: an hour per decision, so twelve hours later the clock has run out and asks the other player
    clock = page.wait(lambda: [m for m in page.read()["messages"][count:] if "⏰" in m["text"]], 15,
                      "the clock's message")
    assert any(b["id"].startswith("rp:k:") for b in clock[-1]["buttons"]), clock[-1]


def test_a_number_out_of_range_is_not_sent_and_the_page_says_why(page: Page):
    """Discord's client does not send a number outside its option's range: it marks the option and says the
    range, in the person's language (a Korean tour saw the stand-in's English refusal in a toast instead)."""
    page.language("ko")
    page.go("games")
    before = len(page.read()["messages"])
    page.command("/rp", "rp new", {"players": 9}, answered=False)
    marked = '.opt.invalid[data-option="players"] .opt-error'
    error = page.wait(lambda: page.pane().find_element("css selector", marked), 5, "the option marked")
    assert error.text == t("playground.out_of_range", "ko", min=1, max=4)
    assert not page.read()["toast"] and len(page.read()["messages"]) == before
    # corrected, it goes
    field = page.pane().find_element("css selector", '.opt[data-option="players"] input')
    field.clear()
    field.send_keys("2")
    revision = page.revision()
    page.pane().find_element("css selector", ".send").click()
    page.settle(since=revision)
    assert len(page.read()["messages"]) > before and not page.read()["toast"]


def test_an_ordered_list_is_numbered_from_its_first_item_as_discord_does(page: Page):
    """A /log page that starts at move 41 was drawn as 1., 2., … (a tour read the wrong move numbers): the page
    draws markdown the way Discord does, which numbers an ordered list from its first item's number."""
    html = page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('/static/render.js').then((m) => done(m.markdown('41. a\\n42. b\\n\\n1. c\\n- d', {})));")
    assert html.startswith('<ol start="41"><li>a</li><li>b</li></ol>'), html
    assert '<ol><li>c</li></ol><ul><li>d</li></ul>' in html, html


def test_escapes_and_mention_pills_are_drawn_as_discord_draws_them(page: Page):
    """Discord hides the backslash of an escape (``\\*\\*b\\*\\*`` reads **b**, no bold) and draws a mention's name
    as it is: a tour saw Ann's pill formatted ("@Ann" in bold) and Cleo's read "@free 20,785일 전" (her name's
    ``[free](…) <t:0:R>`` made a link and a timestamp inside the pill); an escaped echo showed its backslashes."""
    html = page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const ctx = {viewer: '1', people: new Map([['1', '**Ann** [free](https://e.co) <t:0:R>']]),"
        " channels: new Map(), locale: 'en', now: () => 0};"
        "import('/static/render.js').then((m) => done(m.markdown(arguments[0], ctx)));",
        "-# \\# \\*\\*Ann\\*\\* <@1> `a\\*b` \\[x](https\\://e.co) <\u200b@1> **bold**\n\\> q\n1\\. x")
    assert html.startswith('<div class="subtext"># **Ann** <span class="mention me" data-user="1">'
                           '@**Ann** [free](https://e.co) &lt;t:0:R&gt;</span> <code>a\\*b</code> '
                           '[x](https://e.co) &lt;\u200b@1&gt; <strong>bold</strong></div>'), html
    assert html.endswith('<div class="line">&gt; q</div><div class="line">1. x</div>'), html
