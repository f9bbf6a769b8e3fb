"""The table page in Chromium: why a card is refused (in words, in the deck in play), the
Dreierschnapsen talon exchange by selecting cards, what the rules show drawn, the last deal's
result cleared, one language at a time, and the spectator's page.

Some tests play seeded tables by clicks; others hand the page real views of seeded deals
(``seat_view`` of a game at a chosen point, as the server sends them) through its own
``receive``, so every game's states are drawn without waiting for bots to reach them."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

from stich.core.game import Game, to_json
from stich.core.table import Table
from stich.games import game_class, match_class
from stich.web.app import create_app
from stich.web.refusals import refusal
from stich.web.views import seat_view
from tests.browser import LiveServer
from tests.web.helpers import FAST
from tests.web.words import words

NAMES = ["Anna", "Bert", "Cilli", "Dora"]
SEATS = {"schnapsen": 2, "bauernschnapsen": 4, "dreierschnapsen": 3, "jass": 4}
GAMES = list(SEATS)


def serve(tmp_path: Path, pool: Executor, seed: int) -> LiveServer:
    settings = dataclasses.replace(FAST, bot_delay=0.0, seed=seed)
    return LiveServer(create_app(f"sqlite:///{tmp_path / 'web.db'}", settings, pool))


@pytest.fixture
def server(tmp_path: Path, pool: Executor) -> Iterator[str]:
    with serve(tmp_path, pool, 13) as url:
        yield url


def post(url: str, data: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(data).encode(),
                                     headers={"Content-Type": "application/json"})
    answer: dict[str, Any] = json.load(urllib.request.urlopen(request))
    return answer


def table(base: str, game: str, kinds: list[str]) -> str:
    """A table by the API: "person" or a bot level per seat; its id."""
    seats = [{"kind": "person"} if k == "person" else {"kind": "bot", "level": k}
             for k in kinds]
    return str(post(base + "/api/tables", {"game": game, "seats": seats})["id"])


def sit(page: Any, base: str, table_id: str, lang: str, name: str = "Anna") -> None:
    page.add_init_script(f"localStorage.setItem('stich:lang', '{lang}')")
    page.goto(f"{base}/t/{table_id}")
    page.fill("#name", name)
    page.click("#joinbtn")
    page.wait_for_selector(".seatbox.me")


def my_turn(page: Any) -> None:
    page.wait_for_function("() => view && (view.over || view.view.to_act === seat)", timeout=15_000)


def act(page: Any, action: str) -> None:
    """Do ``action`` as a person does: a card by its click, a choice of cards by selecting
    them, anything else by its button."""
    before = page.evaluate("nextN")
    verb, *args = action.split()
    if verb == "play":
        page.click(f"#hand svg.card[data-card='{args[0]}']")
    else:
        if verb in ("discard", "exchange-talon"):
            for code in args:
                page.click(f"#hand svg.card[data-card='{code}']")
        page.click(f"#actions button[data-action='{action}']")
    page.wait_for_function(f"() => nextN > {before}")


# --- handing the page real views ------------------------------------------------------------
def blank_page(page: Any, base: str, game: str, lang: str) -> None:
    """The table page of a table that waits for a second person (the server sends no view),
    told that ``NAMES`` sit at it, seat 0 being this page's."""
    table_id = table(base, game, ["person"] * SEATS[game])
    sit(page, base, table_id, lang)
    seats = [{"kind": "person", "name": n, "joined": True, "away": False, "level": ""}
             for n in NAMES[:SEATS[game]]]
    page.evaluate("s => receive({type: 'hello', seat: 0, table: {...info, seats: s}})", seats)
    page.evaluate("s => receive({type: 'seats', status: 'running', seats: s, watchers: 0})",
                  seats)


def show(page: Any, game: Game, match: Any, deal: int = 0, seat: int = 0) -> None:
    message = {"type": "view", "deal": deal, "moves": len(game.history),
               "view": seat_view(game, seat), "match": match.state(), "over": False}
    page.evaluate("m => receive(m)", message)


def played(game: str, seed: int, choose: Callable[[Table, list[str]], str | None],
           stop: Callable[[Table], bool], deals: int = 40) -> Table:
    """A seeded table played by ``choose`` (None: a random action) until ``stop``."""
    rng = random.Random(seed)
    for deal_seed in range(deals):
        table = Table(match_class(game)(NAMES[:SEATS[game]], seed=deal_seed))
        while table.to_act >= 0 and table.deal_number == 0:
            legal = [str(a) for a in table.legal_actions()]
            table.submit(table.to_act, choose(table, legal) or rng.choice(legal))
            if table.deal_number == 0 and stop(table):
                return table
    raise AssertionError(f"no {game} deal reached the state")


def prefer(*wanted: str) -> Callable[[Table, list[str]], str | None]:
    def choose(_table: Table, legal: list[str]) -> str | None:
        return next((a for w in wanted for a in legal if a.startswith(w)), None)
    return choose


# --- item 5: why a card is refused ----------------------------------------------------------
def test_a_refused_card_is_said_in_words_naming_the_deck(phone: Any, server: str) -> None:
    """J-4: clicking a card the rules forbid shows the engine's reason in German, with the
    allowed cards named as the Swiss deck names them."""
    table_id = table(server, "jass", ["person", "rules", "rules", "rules"])
    sit(phone, server, table_id, "de")
    for _ in range(30):
        my_turn(phone)
        legal = phone.evaluate("view.view.legal_actions")
        hand = phone.evaluate("view.view.hand")
        refused = [c for c in hand if f"play {c}" not in legal]
        if any(a.startswith("play ") for a in legal) and refused:
            phone.click(f"#hand svg.card[data-card='{refused[0]}']")
            phone.wait_for_function("() => document.getElementById('error').textContent !== ''")
            text = phone.inner_text("#error")
            assert text.startswith("Nicht erlaubt: ") and text.endswith("(J-4)"), text
            assert re.search(r"(Rosen|Eicheln|Schilten|Schellen)-", text), text
            assert "you must" not in text.lower()
            return
        act(phone, next(a for a in legal if a.startswith("play ")) if any(
            a.startswith("play ") for a in legal) else legal[0])
    raise AssertionError("no card was ever refused")


# --- item 7: Dreierschnapsen's talon exchange ------------------------------------------------
def test_the_dreier_talon_exchange_by_selecting_two_cards(phone: Any, tmp_path: Path,
                                                          pool: Executor) -> None:
    """D-1: when all pass the caller exchanges with the talon by selecting the two cards to
    lay down; the button says so in German. Seed 7: the rules bots pass."""
    with serve(tmp_path, pool, 7) as base:
        table_id = table(base, "dreierschnapsen", ["person", "rules", "rules"])
        sit(phone, base, table_id, "de")
        my_turn(phone)
        act(phone, "turnup")
        my_turn(phone)
        act(phone, "pass")
        my_turn(phone)
        legal = phone.evaluate("view.view.legal_actions")
        assert all(a.startswith("exchange-talon ") for a in legal) and len(legal) == 28
        assert phone.locator("#actions button").count() == 0
        assert "2 Karten wählen" in phone.inner_text("#actions")
        assert "exchange-talon" not in phone.inner_text("body")
        first, second = legal[0].split()[1:]
        phone.click(f"#hand svg.card[data-card='{first}']")
        assert phone.locator("#hand svg.card.selected").count() == 1
        phone.click(f"#hand svg.card[data-card='{second}']")
        button = phone.locator("#actions button")
        assert button.count() == 1
        label = button.inner_text()
        assert label.startswith("Mit dem Talon tauschen: ablegen"), label
        before = phone.evaluate("nextN")
        button.click()
        phone.wait_for_function(f"() => nextN > {before}")
        phone.wait_for_function("() => view.view.phase !== 'talon'")
        assert phone.inner_text("#trumpbox").count("Abgelegt") == 1


# --- item 8: what the rules show is drawn ---------------------------------------------------
def test_what_the_rules_show_is_drawn(phone: Any, server: str) -> None:
    # B-6: a deal doubled three times counts x8, and the page says who doubled
    blank_page(phone, server, "bauernschnapsen", "de")
    doubled = played("bauernschnapsen", 1, prefer("reredouble", "redouble", "double"),
                     lambda t: t.game.observation(0).factor == 8)
    show(phone, doubled.game, doubled.match)
    info = phone.inner_text("#info")
    assert "Faktor ×8" in info and "Gspritzt" in info and "Retour" in info, info
    # the trick by seat, the last trick's taker, hand sizes, the dealer and the declarer
    playing = played("bauernschnapsen", 2, prefer(), lambda t: len(t.game.trick) == 2
                     and t.game.observation(0).last_trick is not None)
    show(phone, playing.game, playing.match)
    view = seat_view(playing.game, 0)
    for seat, card in view["trick"]:
        figure = phone.locator(f"#trick figure[data-seat='{seat}']")
        assert figure.locator(f"svg[data-card='{card}']").count() == 1
        assert figure.locator("figcaption").inner_text() == NAMES[seat]
    assert f"Stich an {NAMES[view['leader']]}" in phone.inner_text("#lasttrick")
    boxes = phone.locator(".seatbox")
    for seat in range(1, 4):
        assert f"{view['hand_sizes'][seat]} Karten" in boxes.nth(seat).inner_text()
    assert "Geber" in boxes.nth(view["dealer"]).inner_text()
    assert "Spieler" in boxes.nth(view["declarer"]).inner_text()
    assert "Rufer" in boxes.nth(view["caller"]).inner_text()
    # B-1: each team's first trick face up, with who took it
    opened = phone.inner_text("#open")
    assert "Erster Stich von" in opened
    assert phone.locator("#open .first svg.card").count() == 4 * len(view["first_tricks"])
    # B-5: the Plauderer's open hand, to whom the rules show it; no trump in a trumpless game
    open_game = played("bauernschnapsen", 1, prefer("bid plauderer"),
                       lambda t: bool(t.game.observation(0).open_hands))
    show(phone, open_game.game, open_game.match)
    owner, cards = seat_view(open_game.game, 0)["open_hands"][0]
    assert f"Offene Karten von {NAMES[owner]}" in phone.inner_text("#open")
    for code in cards:
        assert phone.locator(f"#open svg[data-card='{code}']").count() >= 1
    assert "Trumpf: ohne Trumpf" in phone.inner_text("#trumpbox")
    assert phone.locator("#trumpbox svg.suit").count() == 0
    # Jass: Weis in words with its cards, Stöck, the push, trump by the deck's name
    blank_page(phone, server, "jass", "de")
    jass = played("jass", 4, prefer("weis", "push"),
                  lambda t: t.game.stoeck_seat is not None and any(  # type: ignore[attr-defined]
                      w["cards"] for w in seat_view(t.game, 0)["weis"]))
    show(phone, jass.game, jass.match)
    view = seat_view(jass.game, 0)
    shown = next(w for w in view["weis"] if w["cards"])
    assert f"{NAMES[shown['seat']]}: Weis {shown['points']}" in phone.inner_text("#open")
    for code in shown["cards"]:
        assert phone.locator(f"#open .weis svg[data-card='{code}']").count() >= 1
    assert "Stöck" in phone.locator(".seatbox").nth(view["stoeck"]).inner_text()
    assert view["pushed"] and "geschoben" in phone.inner_text("#info")  # J-3: pushed
    trump = view["contract"]
    swiss = {"C": "Schellen", "D": "Eicheln", "H": "Rosen", "S": "Schilten"}
    text = phone.inner_text("#trumpbox")
    if len(trump) == 1:
        assert f"Trumpf: {swiss[trump]}" in text and phone.locator("#trumpbox svg.suit").count()
    else:
        assert "ohne Trumpf" in text
    # the replay page's score in words (names.js scoreText)
    assert phone.evaluate("scoreText({scores: [120, 80], target: 1000}, ['A','B','C','D'])") == \
        "A & C 120 · B & D 80 (bis 1000)"


# --- item 9: the previous deal's result is cleared ------------------------------------------
def test_the_last_deals_result_goes_when_the_next_deal_starts(phone: Any, server: str) -> None:
    blank_page(phone, server, "schnapsen", "de")
    table = Table(match_class("schnapsen")(NAMES[:2], seed=1))
    rng = random.Random(1)
    while table.deal_number == 0:
        table.submit(table.to_act, rng.choice(table.legal_actions()))
    result = next(m for m in table.log[0] if m["type"] == "result")
    phone.evaluate("m => receive(m)", {k: v for k, v in result.items() if k != "n"})
    show(phone, table.game, table.match, deal=1)
    assert "Ergebnis:" in phone.inner_text("#info")  # the next deal has not begun
    table.submit(table.to_act, table.legal_actions()[0])
    show(phone, table.game, table.match, deal=1)
    assert "Ergebnis:" in phone.inner_text("#info")  # one seat has moved: still shown
    table.submit(table.to_act, table.legal_actions()[0])  # every seat has moved: gone
    show(phone, table.game, table.match, deal=1)
    assert "Ergebnis" not in phone.inner_text("#info")


# --- item 10: one language at a time --------------------------------------------------------
def foreign(table: dict[str, dict[str, str]], lang: str) -> set[str]:
    """Words of the other language's table that this one never uses."""
    other = "en" if lang == "de" else "de"
    own = " ".join(table[lang].values())
    found = set()
    for key, text in table[other].items():
        if text == table[lang].get(key):
            continue
        for word in re.findall(r"[A-Za-zÄÖÜäöüß']{4,}", re.sub(r"\{\w+\}", "", text)):
            if not re.search(r"\b" + re.escape(word) + r"\b", own):
                found.add(word)
    return found


def raw_ids(lang: str) -> list[str]:
    """The raw ids a page must not show in ``lang``: those that are not themselves the
    language's word (English says "false claim" and "last trick" as the ids do)."""
    own = set(words()[lang].values())
    return [raw for raw in RAW if raw not in own]


RAW = ["exchange-talon", "reredouble", "redouble", "turnup", "redeal", "claim after closing",
       "false claim", "last trick", "bettler", "schnapser", "plauderer", "undenufe", "obenabe",
       "trump C", "trump D", "trump H", "trump S", "bid ", "Melden D", "Melden H", "null",
       "undefined", "[object", "NaN"]


def walk(page: Any, game: str, lang: str, seed: int) -> list[str]:
    """A seeded deal of ``game`` handed to the page event by event, seat 0's view at each
    step and the refusals of the rules; the page's text at each step."""
    table = Table(match_class(game)(NAMES[:SEATS[game]], seed=seed))
    rng = random.Random(seed)
    texts = []
    while table.deal_number == 0 and table.to_act >= 0:
        show(page, table.game, table.match)
        legal = table.legal_actions()
        if table.to_act == 0:
            refused = [a for a in game_class(game).ACTION_SPACE.actions if a not in legal][:40]
            why = table.game.why_illegal(rng.choice(refused)) if refused else None
            if why is not None:
                page.evaluate("m => receive(m)", {"type": "error", "error": str(why),
                                                  "code": "illegal", "args": refusal(why)})
        texts.append(page.inner_text("body"))
        table.submit(table.to_act, rng.choice(legal))
    for message in table.log[0]:
        if message["type"] == "result":
            page.evaluate("m => receive(m)", to_json({**message, "n": None}))
    show(page, table.game, table.match, deal=1)
    texts.append(page.inner_text("body"))
    return texts


@pytest.mark.parametrize("lang", ["de", "en"])
def test_one_language_at_a_time(phone: Any, server: str, lang: str) -> None:
    """Every game's deal walked in one language: no word of the other language's table and
    no id of the notation is shown."""
    table = words()
    bad = foreign(table, lang)
    for game in GAMES:
        blank_page(phone, server, game, lang)
        for text in walk(phone, game, lang, seed=2):
            for word in bad:
                assert not re.search(r"\b" + re.escape(word) + r"\b", text), (game, word, text)
            for raw in raw_ids(lang):
                assert not re.search(r"(?<![\w-])" + re.escape(raw) + r"(?![\w-])", text), \
                    (game, raw, text)


# --- item 12: the spectator's page -----------------------------------------------------------
def test_a_full_table_is_watched_read_only(browser: Any, server: str) -> None:
    table_id = table(server, "bauernschnapsen", ["person", "random", "random", "random"])
    player = browser.new_page()
    sit(player, server, table_id, "de")
    player.wait_for_function("() => view !== null")
    watcher = browser.new_page()
    watcher.add_init_script("localStorage.setItem('stich:lang', 'de')")
    watcher.goto(f"{server}/t/{table_id}")
    watcher.wait_for_function("() => view !== null")
    assert watcher.evaluate("watching") and "Du schaust zu" in watcher.inner_text("#watch")
    assert watcher.locator("#hand svg.card").count() == 0
    assert watcher.locator("#join").is_hidden()
    assert watcher.locator(".seatbox").count() == 4
    assert "Karten" in watcher.locator(".seatbox").nth(0).inner_text()  # Anna's hand size
    player.wait_for_function("() => document.getElementById('watch').textContent.includes('1')")
    assert "Zuschauer: 1" in player.inner_text("#watch")
    watcher.close()
    player.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_one_language_at_a_time_by_clicks(phone: Any, server: str, game: str,
                                          lang: str) -> None:
    """The full matrix: a deal of each game played by clicks against random bots, the
    page's text checked after every move of this seat."""
    bad = foreign(words(), lang)
    table_id = table(server, game, ["person"] + ["random"] * (SEATS[game] - 1))
    sit(phone, server, table_id, lang)
    rng = random.Random(3)
    while phone.evaluate("view === null || view.deal === 0"):
        my_turn(phone)
        if phone.evaluate("view.over || view.deal > 0"):
            break
        legal = [a for a in phone.evaluate("view.view.legal_actions") if a != "redeal"]
        act(phone, rng.choice(legal))
        text = phone.inner_text("body")
        for word in bad:
            assert not re.search(r"\b" + re.escape(word) + r"\b", text), (word, text)
        for raw in raw_ids(lang):
            assert not re.search(r"(?<![\w-])" + re.escape(raw) + r"(?![\w-])", text), \
                (raw, text)
