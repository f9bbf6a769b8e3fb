"""The card table in Chromium (docs/web.md, "The table"): seats around the felt with
everything needed for play inside the viewport at 390x844 and 1280x800, the trick in front of
whoever played each card, the pace (a finished trick stays until its winner takes it; no
movement with reduced motion), the your-turn cues (tab title, optional sound), past tricks as
S-11 allows, card names for screen readers, card indices of at least 16 CSS px and the
keyboard alone.

The page is handed real views of seeded deals through its own ``receive`` (as in
test_table_page), so every game's states are drawn without waiting for bots; the keyboard test
plays a real table. No test waits on animation time: the hold ends by a click and movements
are read from the styles the page sets, not watched."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

from stich.core.table import Table
from stich.games import game_class, match_class
from stich.web.views import seat_view
from tests.browser import PHONE
from tests.web.test_table_page import NAMES, SEATS, blank_page, serve, show, sit, table

DESKTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "desktop": DESKTOP}
GAMES = list(SEATS)


@pytest.fixture
def server(tmp_path: Path, pool: Executor) -> Iterator[str]:
    with serve(tmp_path, pool, 13) as url:
        yield url


def page_at(browser: Any, size: str, motion: str = "off", reduced: str = "no-preference") -> Any:
    context = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone",
                                  has_touch=size == "phone", reduced_motion=reduced)
    if motion == "off":
        context.add_init_script("localStorage.setItem('stich:motion', 'off')")
    return context.new_page()


def deal_until(game: str, stop: Any, seed: int = 0, options: Any = None) -> Table:
    """The first deal of a seeded match played by seeded random moves until ``stop``."""
    for match_seed in range(seed, seed + 60):
        rng = random.Random(match_seed)
        table = Table(match_class(game)(NAMES[:SEATS[game]], seed=match_seed, options=options))
        while table.to_act >= 0 and table.deal_number == 0:
            if stop(table):
                return table
            table.submit(table.to_act, rng.choice(table.legal_actions()))
    raise AssertionError(f"no {game} deal reached the state")


def my_play(table: Table) -> bool:
    """Seat 0 is to play a card into a trick that holds one (the felt at its fullest)."""
    view = seat_view(table.game, 0)
    return table.to_act == 0 and bool(view.get("trick")) and any(
        str(a).startswith("play ") for a in table.legal_actions())


def my_choice(table: Table) -> bool:
    """Seat 0 chooses among buttons (a bid, a call, a trump): the most buttons on screen."""
    return table.to_act == 0 and sum(
        not str(a).startswith("play ") for a in table.legal_actions()) >= 2


def outside(page: Any) -> list[str]:
    """The elements needed for play that are not wholly inside the viewport."""
    found: list[str] = page.evaluate("""() => {
      const w = innerWidth, h = innerHeight, out = [];
      const needed = document.querySelectorAll(
        '#hand svg.card, #actions button, #trick figure, .seatbox, #trumpbox .trump, #status');
      for (const node of needed) {
        const r = node.getBoundingClientRect();
        if (r.left < 0 || r.top < 0 || r.right > w + 0.5 || r.bottom > h + 0.5)
          out.push(node.tagName + '.' + (node.className.baseVal ?? node.className) + ' ' +
                   (node.dataset.card || node.dataset.seat || node.dataset.action || '') +
                   ' ' + JSON.stringify([r.left, r.top, r.right, r.bottom]));
      }
      return out; }""")
    return found


def check_layout(browser: Any, server: str, game: str, size: str) -> None:
    page = page_at(browser, size)
    blank_page(page, server, game, "de")
    for stop in (my_play, my_choice):
        try:
            state = deal_until(game, stop)
        except AssertionError:
            if stop is my_choice and game == "schnapsen":
                continue   # S-3..S-8: a Schnapsen turn always has cards to play
            raise
        show(page, state.game, state.match)
        assert page.locator("#hand svg.card").count() == len(seat_view(state.game, 0)["hand"])
        assert page.locator(".seatbox").count() == SEATS[game]
        assert not outside(page), (game, size, stop.__name__, outside(page))
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
        if stop is my_play:
            assert page.locator("#trick figure").count() >= 1
            check_places(page, game)
    page.context.close()


def centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def check_places(page: Any, game: str) -> None:
    """You at the bottom, play going to the right; the partner opposite in four; every card of
    the trick nearest to the seat that played it."""
    count = SEATS[game]
    seats = [centre(page, f".seatbox[data-seat='{n}']") for n in range(count)]
    me_x, me_y = seats[0]
    assert all(me_y > y for _, y in seats[1:])                 # you sit at the bottom
    if count > 2:
        assert seats[1][0] > me_x                              # the next player: on the right
    if count == 4:
        assert abs(seats[2][0] - me_x) < 40 and seats[2][1] < seats[1][1]   # opposite
        assert seats[3][0] < me_x                              # the last: on the left
    if count == 3:
        assert seats[2][0] < me_x
    cx, cy = centre(page, "#trick")
    for figure in page.locator("#trick figure").all():
        played_by = int(figure.get_attribute("data-seat"))
        x, y = centre(page, f"#trick figure[data-seat='{played_by}']")
        sx, sy = seats[played_by]
        # the card lies between the trick's middle and its player: pointing at his seat
        cos = ((x - cx) * (sx - cx) + (y - cy) * (sy - cy)) / (
            ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 * ((sx - cx) ** 2 + (sy - cy) ** 2) ** 0.5)
        assert cos > 0.8, (game, played_by, cos)


@pytest.mark.parametrize(("game", "size"), [("jass", "phone"), ("bauernschnapsen", "desktop")])
def test_everything_needed_for_play_is_in_view(browser: Any, server: str, game: str,
                                               size: str) -> None:
    check_layout(browser, server, game, size)


@pytest.mark.slow
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_everything_needed_for_play_is_in_view_every_game(browser: Any, server: str, game: str,
                                                          size: str) -> None:
    check_layout(browser, server, game, size)


def test_the_trump_card_lies_under_the_stock(browser: Any, server: str) -> None:
    """S-2: the turned-up trump card under the stock, the stock's back on top of it."""
    page = page_at(browser, "phone")
    blank_page(page, server, "schnapsen", "de")
    state = deal_until("schnapsen", lambda t: my_play(t) and seat_view(t.game, 0)["stock_size"] > 2)
    show(page, state.game, state.match)
    view = seat_view(state.game, 0)
    stock = page.locator("#trumpbox .stock")
    assert stock.locator(f"svg.turned[data-card='{view['trump_card']}']").count() == 1
    assert stock.locator("svg.back").count() == 1
    assert f"Talon: {view['stock_size']}" in page.inner_text("#trumpbox")
    page.context.close()


def test_a_partner_sitting_out_is_marked(browser: Any, server: str) -> None:
    """B-5: in Bettler, Assenbettler and Plauderer the declarer's partner sits out."""
    page = page_at(browser, "phone")
    blank_page(page, server, "bauernschnapsen", "de")
    options = game_class("bauernschnapsen").OPTIONS.from_preset(bettler_partner_sits_out=True)
    state = deal_until("bauernschnapsen",
                       lambda t: seat_view(t.game, 0).get("sitting_out") is not None,
                       options=options)
    out = seat_view(state.game, 0)["sitting_out"]
    show(page, state.game, state.match)
    assert "setzt aus" in page.locator(f".seatbox[data-seat='{out}']").inner_text()
    assert page.locator(".seatbox", has_text="setzt aus").count() == 1
    page.context.close()


def test_long_names_stay_inside_their_seats_at_390(browser: Any, server: str) -> None:
    """The seats left and right are narrow at 390x844: a long name (the lobby's bot names)
    wraps inside its seat instead of running off the screen."""
    page = page_at(browser, "phone")
    blank_page(page, server, "jass", "en")
    seats = [{"kind": "person", "name": name, "joined": True, "away": False, "level": ""}
             for name in ("Anna", "Bot 2 (rules)", "Bot 3 (expert)", "Bot 4 (rules)")]
    page.evaluate("s => receive({type: 'seats', status: 'running', seats: s, watchers: 0})",
                  seats)
    state = deal_until("jass", my_play)
    show(page, state.game, state.match)
    spilled = page.evaluate("""() => [...document.querySelectorAll('.seatbox')].flatMap((box) => {
        const outer = box.getBoundingClientRect();
        return [...box.children].filter((part) => {
          const r = part.getBoundingClientRect();
          return r.left < Math.max(0, outer.left) - 0.5
            || r.right > Math.min(innerWidth, outer.right) + 0.5;
        }).map((part) => box.dataset.seat + ': ' + part.textContent);
      })""")
    assert not spilled, spilled
    page.context.close()


def test_the_status_line_names_a_seat_taken_after_the_view(browser: Any, server: str) -> None:
    """The table starts as the last person sits down: a view may come before the seats
    message with his name, and then the status line and the score name him, not "?"."""
    page = page_at(browser, "phone")
    blank_page(page, server, "schnapsen", "en")
    seats = [{"kind": "person", "name": name, "joined": name is not None, "away": False,
              "level": ""} for name in ("Anna", None)]
    page.evaluate("s => receive({type: 'seats', status: 'waiting', seats: s, watchers: 0})",
                  seats)
    state = deal_until("schnapsen", lambda t: t.to_act == 1)
    show(page, state.game, state.match)
    assert page.inner_text("#status") == "Waiting for ?"
    seats[1].update(name="Bert", joined=True)
    page.evaluate("s => receive({type: 'seats', status: 'running', seats: s, watchers: 0})",
                  seats)
    assert page.inner_text("#status") == "Waiting for Bert"
    assert "?" not in page.inner_text("#score")
    page.context.close()


def test_one_trick_is_one_stich_and_the_stock_lies_on_the_felt(browser: Any,
                                                               server: str) -> None:
    """A count of one is said in the singular ("1 Stich", not "1 Stiche"), and at 390x844 the
    Schnapsen stock with its trump card lies inside the felt, not over its edge (S-2)."""
    page = page_at(browser, "phone")
    blank_page(page, server, "schnapsen", "de")

    def one_trick(t: Table) -> bool:
        view = seat_view(t.game, 0)
        return 1 in (view.get("tricks_won") or []) and view["stock_size"] > 2

    state = deal_until("schnapsen", one_trick)
    show(page, state.game, state.match)
    counts = page.locator(".seatbox .taken .count").all_inner_texts()
    assert "1 Stich" in counts and not [c for c in counts if c.startswith("1 Stiche")], counts
    inside = page.evaluate("""() => {
        const felt = document.getElementById('felt').getBoundingClientRect();
        return [...document.querySelectorAll('#trumpbox .stock svg.card')].map((card) => {
          const r = card.getBoundingClientRect();
          return r.left >= felt.left && r.right <= felt.right; }); }""")
    assert inside and all(inside), inside
    page.context.close()


def test_the_jass_match_end_says_the_final_score(browser: Any, server: str) -> None:
    """J-7: the end of a Jass match says both teams' totals against the target, as the
    race says its last score and the Bummerl its marks."""
    from stich.web.deal_end import match_end

    page = page_at(browser, "phone")
    blank_page(page, server, "jass", "en")
    table = Table(match_class("jass")(NAMES, seed=3))
    rng = random.Random(3)
    while table.match is not None and not table.match.is_over():
        table.submit(table.to_act, rng.choice(table.legal_actions()))
    assert table.match is not None
    end = {"type": "match_over", **match_end(table.match), "names": NAMES, "board": "",
           "rematch": [], "table": None}
    page.evaluate("m => receive(m)", json.loads(json.dumps(end)))
    scores = table.match.state()["scores"]
    assert page.inner_text("#matchover .flowlast") == (
        f"Final score Anna & Cilli : Bert & Dora: {scores[0]}:{scores[1]} · target 2500")
    page.context.close()


def test_the_invite_folds_away_when_the_table_is_full(browser: Any, server: str) -> None:
    table_id = table(server, "schnapsen", ["person", "person"])
    first = page_at(browser, "phone")
    sit(first, server, table_id, "de")
    assert first.locator("#invite #copylink").is_visible()
    second = page_at(browser, "phone")
    sit(second, server, table_id, "de", name="Bert")
    first.wait_for_function("() => document.getElementById('invite').hidden")
    assert second.locator("#invite").is_hidden()
    first.context.close()
    second.context.close()


# --- pace -------------------------------------------------------------------------------------
def trick_done(game: str) -> tuple[list[Any], Table]:
    """Three views of seat 0 in a row: a trick lacking one card, the trick done, the next
    trick's first card (played by the winner, not seat 0), with the table after them."""
    count = SEATS[game]

    def lacking_one(t: Table) -> bool:
        view = seat_view(t.game, 0)
        return (t.to_act != 0 and len(view.get("trick") or []) == count - 1
                and view.get("phase", "play") == "play")

    for seed in range(40):
        state = deal_until(game, lacking_one, seed=seed)
        views = [seat_view(state.game, 0)]
        state.submit(state.to_act, state.legal_actions()[0])
        views.append(seat_view(state.game, 0))
        if state.to_act in (0, -1) or state.deal_number:
            continue
        state.submit(state.to_act, state.legal_actions()[0])
        if state.deal_number:
            continue
        views.append(seat_view(state.game, 0))
        return views, state
    raise AssertionError("no trick was done before seat 0 was to lead")


def hand_view(page: Any, view: dict[str, Any], state: Table) -> None:
    page.evaluate("m => receive(m)", {"type": "view", "deal": 0, "moves": 1, "view": view,
                                      "match": state.match.state(), "over": False})


def test_a_finished_trick_stays_until_its_winner_takes_it(browser: Any, server: str) -> None:
    """The page keeps the whole trick on the table after the server's view moved on, until a
    click (or about a second) takes it to the winner; a new card glides in from its seat."""
    page = page_at(browser, "phone", motion="on")
    blank_page(page, server, "jass", "de")
    (lacking, done, next_lead), state = trick_done("jass")
    hand_view(page, lacking, state)
    # a new card is moved from where its seat is (a transform set by the page, then cleared)
    moved = page.evaluate("""v => { receive(v);
        return [...document.querySelectorAll('#trick figure')].map(f => f.style.transition); }""",
                          {"type": "view", "deal": 0, "moves": 1, "view": done,
                           "match": state.match.state(), "over": False})
    assert len(moved) == 4 and any("300ms" in m for m in moved), moved
    hand_view(page, next_lead, state)   # the winner has led again: the old trick still shows
    assert page.locator("#trick.held figure").count() == 4
    held = {f.get_attribute("data-seat") + f.locator("svg").get_attribute("data-card")
            for f in page.locator("#trick figure").all()}
    assert held == {f"{s}{c}" for s, c in done["last_trick"]}
    assert NAMES[done["leader"]] in page.inner_text("#trick")      # who takes it
    page.click("#trick")
    page.wait_for_function("() => !trickHold.active() && "
                           "document.querySelectorAll('#trick figure').length === 1")
    assert page.locator("#trick.held").count() == 0
    page.context.close()


def test_no_movement_with_reduced_motion_and_none_held_when_switched_off(browser: Any,
                                                                        server: str) -> None:
    (lacking, done, _), state = trick_done("schnapsen")
    calm = page_at(browser, "phone", motion="on", reduced="reduce")
    blank_page(calm, server, "schnapsen", "de")
    hand_view(calm, lacking, state)
    moved = calm.evaluate("""v => { receive(v);
        return [...document.querySelectorAll('#trick figure')].map(f => f.style.transform); }""",
                          {"type": "view", "deal": 0, "moves": 1, "view": done,
                           "match": state.match.state(), "over": False})
    assert moved == ["", ""]                                      # held, but nothing moves
    assert calm.evaluate("document.body.classList.contains('no-motion')")
    calm.click("#trick")
    assert calm.locator("#trick figure").count() == 0             # taken at once, no glide
    calm.context.close()
    off = page_at(browser, "phone", motion="off")
    blank_page(off, server, "schnapsen", "de")
    hand_view(off, lacking, state)
    hand_view(off, done, state)
    assert off.locator("#trick figure").count() == 0 and not off.evaluate("trickHold.active()")
    off.context.close()


# --- your turn --------------------------------------------------------------------------------
COUNT_BEEPS = """window.beeps = 0;
const make = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.beeps++; return make.call(this); };"""


def test_the_tab_title_and_the_optional_sound_say_your_turn(browser: Any, server: str) -> None:
    page = page_at(browser, "desktop")
    page.context.add_init_script(COUNT_BEEPS)
    blank_page(page, server, "schnapsen", "de")
    mine = deal_until("schnapsen", lambda t: t.to_act == 0)
    theirs = deal_until("schnapsen", lambda t: t.to_act == 1)
    show(page, theirs.game, theirs.match)
    assert page.title() == "stich"
    show(page, mine.game, mine.match)
    assert page.title() == "● Du bist dran – stich"
    assert page.evaluate("window.beeps") == 0                     # the sound is off by default
    assert page.get_attribute("#sound", "aria-pressed") == "false"
    page.click("#sound")                                          # on: one beep to hear it
    assert page.evaluate("[localStorage.getItem('stich:sound'), window.beeps]") == ["on", 1]
    show(page, theirs.game, theirs.match)
    show(page, mine.game, mine.match)                             # the turn comes: a beep
    show(page, mine.game, mine.match)                             # still my turn: no more
    assert page.evaluate("window.beeps") == 2
    page.reload()                                                 # remembered
    page.wait_for_selector("#sound[aria-pressed='true']")
    assert "Ton an" in page.inner_text("#sound")
    page.context.close()


# --- past tricks (S-11) -----------------------------------------------------------------------
def i_took_a_trick(t: Table) -> bool:
    view = seat_view(t.game, 0)
    return view["tricks_won"][0] >= 1 and view.get("last_trick") is not None and not view["trick"]


@pytest.mark.parametrize("preset", ["soft", "sharp"])
def test_past_tricks_as_s11_allows(browser: Any, server: str, preset: str) -> None:
    """S-11: in soft a player may look at his own tricks and the last trick; in sharp the page
    shows neither (nor a running total): only the hand, the trick and the trump card."""
    options = game_class("schnapsen").OPTIONS.from_preset(preset)
    state = deal_until("schnapsen", i_took_a_trick, options=options)
    view = seat_view(state.game, 0)
    page = page_at(browser, "phone")
    blank_page(page, server, "schnapsen", "de")
    show(page, state.game, state.match)
    drawn = set(page.evaluate(
        "[...document.querySelectorAll('svg.card[data-card]')].map(c => c.dataset.card)"))
    if preset == "soft":
        assert page.locator("#lasttrick svg.card").count() == 2
        mine = page.locator("#mytricks")
        assert mine.is_visible()
        assert f"Meine Stiche ({len(view['my_tricks']) // 2})" in mine.inner_text()
        mine.locator("summary").click()
        for code in view["my_tricks"]:
            assert mine.locator(f"svg[data-card='{code}']").is_visible()
    else:
        assert view["my_tricks"] is None and view["last_trick"] is not None   # the view has it
        assert page.locator("#lasttrick svg").count() == 0 and page.locator("#mytricks").is_hidden()
        assert drawn <= set(view["hand"]) | {view["trump_card"]}
        assert "Punkte" not in page.inner_text("#info")
    page.context.close()


def test_jass_weis_is_shown_after_the_first_trick(browser: Any, server: str) -> None:
    """J-5: the other team's Weis is shown (its cards) only once the first trick is done."""
    def declared(t: Table) -> bool:
        return any(w["seat"] % 2 == 1 for w in seat_view(t.game, 0)["weis"])

    page = page_at(browser, "phone")
    blank_page(page, server, "jass", "de")
    for seed in range(40):
        state = deal_until("jass", declared, seed=seed)
        theirs = [w for w in seat_view(state.game, 0)["weis"] if w["seat"] % 2 == 1]
        if theirs[0]["cards"]:
            continue   # declared after the first trick: no earlier state to check
        show(page, state.game, state.match)
        assert page.locator("#open .weis svg.card").count() == sum(
            len(w["cards"] or []) for w in seat_view(state.game, 0)["weis"])
        rng = random.Random(seed)
        while state.game.observation(0).to_dict().get("tricks_played", 0) < 1:
            state.submit(state.to_act, rng.choice(state.legal_actions()))
        view = seat_view(state.game, 0)
        show(page, state.game, state.match)
        shown = [w for w in view["weis"] if w["cards"]]
        if not any(w["seat"] % 2 == 1 for w in shown):
            continue   # the other team's Weis did not count (J-5: only the best team shows)
        for w in shown:
            for code in w["cards"]:
                assert page.locator(f"#open .weis svg[data-card='{code}']").count() >= 1
        page.context.close()
        return
    raise AssertionError("no deal had the other team's Weis shown")


# --- looks and access -------------------------------------------------------------------------
SPOKEN = {"german": ({"C": "Eichel", "D": "Schelle", "H": "Herz", "S": "Laub"},
                     {"A": "Daus", "K": "König", "Q": "Ober", "J": "Unter", "T": "Zehner"}),
          "french": ({"C": "Kreuz", "D": "Karo", "H": "Herz", "S": "Pik"},
                     {"A": "Ass", "K": "König", "Q": "Dame", "J": "Bube", "T": "Zehn"})}


@pytest.mark.parametrize("deck", ["german", pytest.param("french", marks=pytest.mark.slow)])
def test_cards_are_named_for_screen_readers_and_big_enough(browser: Any, server: str,
                                                           deck: str) -> None:
    """Every drawn card is named in the player's language ("Herz-Ass", not "HA" or "A♥"), and
    at 390x844 the index of every hand and trick card is at least 16 CSS px high."""
    page = page_at(browser, "phone")
    page.context.add_init_script(f"localStorage.setItem('stich:deck', '{deck}')")
    blank_page(page, server, "jass", "de")
    state = deal_until("jass", my_play)
    show(page, state.game, state.match)
    suits, ranks = SPOKEN[deck]
    for card in page.locator("svg.card[data-card]").all():
        code = card.get_attribute("data-card")
        assert card.get_attribute("aria-label") == f"{suits[code[0]]}-{ranks.get(code[1], code[1])}"
    # cards.js names cards itself, for every page that draws them (the replay too)
    assert 'aria-label="Herz-Daus"' in page.evaluate("cardSvg('HA', 'german')")
    heights = page.evaluate("""[...document.querySelectorAll('#hand svg.card, #trick svg.card')]
        .map(c => c.querySelector('text').getBoundingClientRect().height)""")
    assert len(heights) >= 10 and min(heights) >= 16, heights
    page.context.close()


def test_the_keyboard_alone_plays_a_card(browser: Any, server: str) -> None:
    """Tab reaches the hand's cards (named, as buttons); Enter plays the focused one."""
    page = page_at(browser, "desktop")
    table_id = table(server, "schnapsen", ["person", "random"])
    sit(page, server, table_id, "de")
    page.wait_for_function("() => view && view.view.to_act === seat", timeout=15_000)
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('#hand') !== null"):
            break
    else:
        raise AssertionError("Tab never reached the hand")
    assert page.evaluate("document.activeElement.getAttribute('role')") == "button"
    code = page.evaluate("document.activeElement.dataset.card")
    before = page.evaluate("nextN")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => nextN > {before}")
    page.wait_for_function(f"() => !view.view.hand.includes('{code}')")
    page.context.close()


def test_a_redraw_keeps_the_keyboard_where_it_was(browser: Any, server: str) -> None:
    """A view that comes while a player is on a card or a button with the keyboard (the other
    seats' news, the clock) redraws the hand and the buttons: the focus stays on the same card
    and the same action, so Enter still plays what the player is on."""
    page = page_at(browser, "desktop")
    for game, stop, where, key in (("schnapsen", my_play, "#hand svg.card", "card"),
                                   ("bauernschnapsen", my_choice, "#actions button", "action")):
        blank_page(page, server, game, "de")
        state = deal_until(game, stop)
        show(page, state.game, state.match)
        last = page.locator(where).last
        last.focus()
        on = last.get_attribute(f"data-{key}")
        show(page, state.game, state.match)   # a redraw of the same position
        assert page.evaluate(f"document.activeElement.dataset.{key}") == on, (game, on)
        assert page.evaluate(f"document.activeElement.closest('{where.split()[0]}') !== null")
    page.context.close()


def test_no_contrast_violations_on_the_lobby_and_the_table(browser: Any, server: str) -> None:
    """axe-core finds no colour-contrast violation on the lobby and on a table in play (the
    page's policy is bypassed in this context only, to inject axe.min.js)."""
    from tests.web.axe import axe_path, violations

    axe_path()
    for size in SIZES:
        context = browser.new_context(viewport=SIZES[size], bypass_csp=True,
                                      reduced_motion="reduce")
        context.add_init_script("localStorage.setItem('stich:motion', 'off')")
        page = context.new_page()
        page.add_init_script("localStorage.setItem('stich:lang', 'de')")
        page.goto(server + "/")
        page.wait_for_selector("#game option", state="attached")
        assert violations(page, ["color-contrast"]) == [], size
        for game in ("schnapsen", "jass"):
            blank_page(page, server, game, "de")
            state = deal_until(game, my_play)
            show(page, state.game, state.match)
            assert violations(page, ["color-contrast"]) == [], (size, game)
        context.close()


def luminance(colour: str) -> float:
    channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)] \
        if len(colour) == 7 else [int(c * 2, 16) / 255 for c in colour.lstrip("#")]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_every_suit_colour_reads_on_the_white_card(browser: Any, server: str) -> None:
    """The card indices (bold, 16 px and more: large text) keep WCAG's 3:1 on the card's white;
    axe-core cannot judge a one- or two-letter index itself, so the colours are checked here."""
    page = page_at(browser, "phone")
    blank_page(page, server, "schnapsen", "de")
    colours = page.evaluate("COLOUR")
    for suit, colour in colours.items():
        ratio = 1.05 / (luminance(colour) + 0.05)
        assert ratio >= 3, (suit, colour, round(ratio, 2))
    page.context.close()
