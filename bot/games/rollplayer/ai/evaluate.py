"""Heuristic value of an unfinished sheet: the stars a seat can expect at the end, not the stars it has now.

The kind's projected score counts an unmet goal as 0 until the last die lands, so a player driven by it
cannot tell a row that is on track from a hopeless one. Here every scoring part is weighed by how likely it
is to be reached with the dice still to come:

* a row goal (or a trait threshold) is the probability that the sum of the row's missing dice lands in the
  window the goal leaves (the weapons' "up to" bonus widens it), raised by ``CONTROL`` because the player
  picks among several dice and can still flip, nudge, swap or reroll; a complete row that misses by one or
  two keeps a small chance while rounds remain (a later Constitution or Strength action can fix it);
* backstory colours still open count as a chance per space and go through the reward table;
* gold, Charisma tokens and skills are worth what they will buy or do in the rounds that remain;
* a finished game is scored exactly by ``scoring.score_player``.

Everything is plain integer/float work over 18 spaces, so a search can call it tens of thousands of times
per decision.
"""
from __future__ import annotations

from bot.games.rollplayer.content import ATTRS, CARD_TYPE
from bot.games.rollplayer.scoring import score_player, scoring_input
from bot.games.rollplayer.scoring_content import compiled

_C = compiled()

SELECT = 3.0            # a row's next die is the best of about this many candidates (dice + actions)
NEAR_MISS = (1.0, 0.5, 0.2, 0.05)  # complete row off by d = 0, 1, 2, 3 while rounds remain
BACKSTORY_OPEN = 0.33    # chance an open backstory space still gets its colour
GOLD_VALUE = 0.33        # stars per Gold while markets remain
GOLD_CAP_PER_MARKET = 5  # ... up to what the remaining markets can spend
GOLD_CAP = 10
CHARISMA_VALUE = 0.25    # per token while this round's market is ahead
SKILL_PER_ROUND = 0.22   # stars per remaining round a skill card is worth
SKILL_CAP = 2.0
ARMOR_PIECE_HOPE = 0.45  # stars per missing piece of a started set while markets remain
_LIM = 24                # windows are clipped to [-_LIM, _LIM] (beyond that nothing changes)


def _build_table(select: float, near: tuple) -> dict:
    """V[k][(lo, hi)]: chance that k more dice, each picked as the best of ``select`` candidates for this
    row, bring the row's added sum into [lo, hi]; a miss by d afterwards is fixed with chance near[d]."""
    table = [{}, {}, {}, {}]
    rng = range(-_LIM, _LIM + 1)
    for lo in rng:
        for hi in range(lo, _LIM + 1):
            if lo <= 0 <= hi:
                v = 1.0
            else:
                d = lo if lo > 0 else -hi
                v = near[d] if d < len(near) else 0.0
            table[0][(lo, hi)] = v
    weights = [((i / 6) ** select - ((i - 1) / 6) ** select) for i in range(1, 7)]
    for k in range(1, 4):
        prev = table[k - 1]
        cur = table[k]
        for lo in rng:
            for hi in range(lo, _LIM + 1):
                vals = sorted(prev[(_clip(lo - x), _clip(hi - x))] for x in range(1, 7))
                cur[(lo, hi)] = sum(w * v for w, v in zip(weights, vals))
    return table


def _clip(x: int) -> int:
    return -_LIM if x < -_LIM else _LIM if x > _LIM else x


_TABLES: dict = {}


def _table(live: bool) -> list:
    """The DP as nested lists, ``t[missing][lo + _LIM][hi + _LIM]`` (list indexing is the fast path)."""
    t = _TABLES.get(live)
    if t is None:  # built on first use, so a tuning run may set SELECT / NEAR_MISS before
        d = _build_table(SELECT, NEAR_MISS if live else (1.0,))
        n = 2 * _LIM + 1
        t = [[[d[k].get((lo - _LIM, hi - _LIM), 0.0) for hi in range(n)] for lo in range(n)] for k in range(4)]
        _TABLES[live] = t
    return t


def row_chance(value: int, missing: int, lo: int, hi: int, live: bool) -> float:
    """Chance the row (``value`` now, ``missing`` dice to come) ends within [lo, hi]."""
    a = lo - value
    b = hi - value
    if b < a:
        return 0.0
    a = -_LIM if a < -_LIM else _LIM if a > _LIM else a
    b = -_LIM if b < -_LIM else _LIM if b > _LIM else b
    return _table(live)[missing][a + _LIM][b + _LIM]


_BACK_CACHE: dict = {}


def _backstory_value(reward: tuple, chances: tuple) -> float:
    key = (reward, chances)
    v = _BACK_CACHE.get(key)
    if v is None:
        v = _BACK_CACHE[key] = _backstory_dist(reward, chances)
    return v


def _backstory_dist(reward: tuple, chances: tuple) -> float:
    dist = [1.0]
    for q in chances:
        nxt = [0.0] * (len(dist) + 1)
        for n, pr in enumerate(dist):
            nxt[n] += pr * (1 - q)
            nxt[n + 1] += pr * q
        dist = nxt
    return sum(pr * reward[n] for n, pr in enumerate(dist))


def markets_ahead(st, seat: int) -> int:
    """Market phases this seat will still take part in (this round's included when it is still ahead)."""
    p = st.players[seat]
    empty = 18 - p.dice_count()
    phase = st.phase
    if phase == "finished":
        return 0
    if phase.startswith("setup"):
        return empty - len(p.start_dice)
    this_round = 0
    if phase in ("dice", "roll"):
        # the die of this round is either still to place (counted in empty) or already placed
        placed = p.initiative is not None and (st.turn != seat or st.step not in ("choose", "place"))
        if placed:
            this_round = 1
    elif phase in ("market_start", "market"):
        if seat in st.market_order:
            pos = st.market_order.index(seat)
            if pos > st.market_pos or (pos == st.market_pos and st.purchases == 0 and not st.gold_taken):
                this_round = 1
    if st.final_round:
        return this_round
    return empty + this_round


def evaluate(st, seat: int) -> float:
    """Expected final stars of ``seat`` (exact when the game is over)."""
    if st.finished:
        return float(score_player(scoring_input(st, seat))["total"])
    if st.players[seat].class_id is None:
        return 0.0
    return components(st, seat)[0]


def components(st, seat: int) -> tuple[float, tuple[float, ...], int]:
    """(the heuristic value, its parts, markets ahead) of an unfinished sheet whose class is chosen.

    The parts are the inputs of the learned value (``learned.py``): goal stars, class-colour dice,
    backstory, alignment, armor held, armor hoped for, traits, flat card stars, useful Gold, hoarded Gold,
    Charisma tokens, skills, empty spaces, the goal stars of the rows with one, two and three dice to come
    (already inside the goal stars: their own weights say how far to trust the chances) and, with more than
    one player, how early the seat buys in this round's market (its Initiative card: 1 first, 0 last; the
    search stops where another seat decides, so only the value can see that a low die buys first). The
    heuristic value is the sum of the first twelve (Gold and the rest at the weights above)."""
    p = st.players[seat]
    markets = markets_ahead(st, seat)
    live = p.dice_count() < 18
    klass = _C.classes[p.class_id]
    race = _C.races[p.race] if p.race else (0, 0, 0, 0, 0, 0)
    rows = p.rows
    values = []
    missing = []
    colour = klass.colour
    class_dice = 0
    equal_rows = 0
    for i, a in enumerate(ATTRS):
        row = rows[a]
        s = race[i]
        for c, v in row:
            s += v
            if c == colour:
                class_dice += 1
        values.append(s)
        missing.append(3 - len(row))
        if len(row) == 3 and row[0][1] == row[1][1] == row[2][1]:
            equal_rows += 1

    # cards: goal bonuses, armor, traits, flat stars
    bonus = [0, 0, 0, 0, 0, 0]
    spears = 0
    wildcards = 0
    armor: dict[str, int] = {}
    armor_colour: set[str] = set()
    traits = []
    flat = 0.0
    skills = 0
    cursed = None
    n_traits = 0
    for cid in p.cards:
        card = _C.cards[cid]
        if card.discardable:
            cursed = card
            continue
        t = card.type
        if card.raises_goals:
            for i in range(6):
                b = card.row_bonus[i] + card.per_die[i] * 3
                for col, amount in card.per_colour:
                    for d in rows[ATTRS[i]]:
                        if d[0] == col:
                            b += amount
                bonus[i] += b
            spears += len(card.choose_one)
        if card.wildcard_pieces:
            wildcards += card.wildcard_pieces
        if card.armor_set is not None:
            armor[card.armor_set] = armor.get(card.armor_set, 0) + 1
            if card.armor_colour == colour:
                armor_colour.add(card.armor_set)
        if card.traits:
            traits.append(card)
            if t == "trait":
                n_traits += 1
        flat += card.score_stars
        if CARD_TYPE[cid] == "skill":
            skills += 1

    goals = klass.goals

    def goal_total(extra_all: int) -> tuple[float, list[float]]:
        chances = []
        total = 0.0
        for i in range(6):
            g = goals[i]
            b = bonus[i] + extra_all
            ch = row_chance(values[i], missing[i], g.min - b, g.max, live)
            chances.append(ch)
            total += g.stars * ch
        if spears:
            best = 0.0
            for i in range(6):
                g = goals[i]
                b = bonus[i] + extra_all + 3 * spears
                gain = g.stars * (row_chance(values[i], missing[i], g.min - b, g.max, live) - chances[i])
                if gain > best:
                    best = gain
            total += best
        return total, chances

    goal_stars, goal_chances = goal_total(0)
    by_missing = [0.0, 0.0, 0.0, 0.0]  # expected goal stars of the rows with 0..3 dice still to come
    for i in range(6):
        by_missing[missing[i]] += goals[i].stars * goal_chances[i]
    if cursed is not None:
        with_ring, _ = goal_total(1)
        goal_stars = max(goal_stars, with_ring + cursed.score_stars)

    # backstory
    back = 0.0
    if p.backstory:
        chances = []
        for ai, space, want in _C.backstories[p.backstory]:
            row = rows[ATTRS[ai]]
            if space < len(row):
                chances.append(1.0 if row[space][0] == want else 0.0)
            else:
                chances.append(BACKSTORY_OPEN if live else 0.0)
        back = _backstory_value(_C.backstory_reward, tuple(chances))
        exp_matches = sum(chances)
    else:
        exp_matches = 0.0

    align_row, align_col = p.align_row, p.align_col
    align = 0.0
    if p.alignment:
        align = _C.alignments[p.alignment][(align_row, align_col)]

    # armor
    arm = 0.0
    for name, n in armor.items():
        s = _C.armor_sets[name]
        cnt = min(s.size, n)
        arm += s.stars_by_count[cnt] + (_C.colour_bonus if name in armor_colour else 0)
    if wildcards and armor:
        best = 0
        for name, n in armor.items():
            s = _C.armor_sets[name]
            if n < s.size:
                gain = s.stars_by_count[min(s.size, n + wildcards)] - s.stars_by_count[n]
                best = max(best, gain)
        arm += best
    held = arm
    if markets > 0:
        for name, n in armor.items():
            s = _C.armor_sets[name]
            if n < s.size:
                arm += ARMOR_PIECE_HOPE * min(markets, s.size - n) * (n / s.size)

    # traits
    tr = 0.0
    for card in traits:
        for t in card.traits:
            if t.kind == "trait_condition":
                parts = []
                for i in t.attrs:
                    if t.op == ">=":
                        parts.append(row_chance(values[i] + 0, missing[i], t.value, 10_000, live))
                    else:
                        parts.append(row_chance(values[i], missing[i], -10_000, t.value, live)
                                     if values[i] <= t.value else 0.0)
                if t.mode == "each":
                    tr += t.stars * sum(parts)
                else:
                    pr = 1.0
                    for x in parts:
                        pr *= x
                    tr += t.stars * pr
            elif t.kind == "trait_alignment":
                if (t.row is None or t.row == align_row) and (t.column is None or t.column == align_col):
                    tr += t.stars
            else:
                if t.count == "class_colour_dice":
                    n = class_dice + (0.3 * sum(missing) if live else 0)
                elif t.count == "backstory_matches":
                    n = exp_matches
                elif t.count == "rows_three_equal_numbers":
                    n = equal_rows
                elif t.count == "gold":
                    n = p.gold
                else:
                    n = n_traits
                if t.min is not None:
                    if n >= t.min:
                        tr += t.stars
                    elif live and t.count in ("class_colour_dice", "backstory_matches"):
                        tr += t.stars * max(0.0, 1 - (t.min - n) / 2.0) * 0.5
                else:
                    s = t.stars * (int(n) // t.per)
                    if t.max is not None:
                        s = min(s, t.max)
                    tr += s

    # resources
    gold = p.gold
    cha = sk = 0.0
    if markets > 0:
        useful = min(gold, GOLD_CAP_PER_MARKET * markets, GOLD_CAP)  # hoarded Gold buys nothing
        g_use = GOLD_VALUE * useful
        g_rest = (gold - useful) / 8.0
        res = g_use + g_rest
        if p.charisma and _market_ahead_this_round(st, seat):
            cha = CHARISMA_VALUE * p.charisma
            res += cha
        if skills:
            ready = sum(1 for c in p.cards if CARD_TYPE[c] == "skill" and c not in p.exhausted)
            sk = (ready + 0.7 * (skills - ready)) * min(SKILL_CAP, SKILL_PER_ROUND * markets)
            res += sk
    else:
        res = g_rest = gold // 8 if st.seats == 1 else 0.01 * gold
        g_use = 0.0
    value = goal_stars + class_dice + back + align + arm + tr + flat + res
    priority = 0.0  # the first buyer of a market takes the best card: how early this seat buys this round
    if st.seats > 1 and p.initiative is not None and markets and _market_ahead_this_round(st, seat):
        priority = (len(st.initiative) - p.initiative) / (len(st.initiative) - 1)
    parts = (goal_stars, float(class_dice), back, float(align), float(held), arm - held, tr, float(flat), g_use,
             float(g_rest), cha, sk, float(18 - p.dice_count()), by_missing[1], by_missing[2], by_missing[3], priority)
    return value, parts, markets


def sheet_key(st, seat: int) -> tuple:
    """Everything ``components`` reads, as a hashable key: two unfinished states with the same key have the
    same value. A search meets the same sheet again and again (the same die placed in another world, the
    same card bought whatever the enemy die rolled), so it values each sheet once."""
    p = st.players[seat]
    r = p.rows
    return (st.seats, markets_ahead(st, seat), _market_ahead_this_round(st, seat), p.race, p.class_id,
            p.backstory, p.alignment, p.align_row, p.align_col, p.gold, p.charisma, tuple(r["str"]),
            tuple(r["dex"]), tuple(r["con"]), tuple(r["int"]), tuple(r["wis"]), tuple(r["cha"]), tuple(p.cards),
            tuple(p.exhausted), p.initiative if st.seats > 1 else None)


def _market_ahead_this_round(st, seat: int) -> bool:
    if st.phase in ("dice", "roll", "market_start"):
        return True
    if st.phase == "market" and seat in st.market_order:
        pos = st.market_order.index(seat)
        return pos > st.market_pos or (pos == st.market_pos and st.purchases == 0 and not st.gold_taken)
    return False
