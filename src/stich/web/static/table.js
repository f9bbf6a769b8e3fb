// The table page: one seat's view (or a spectator's), its actions by click or key, reconnects
// with `since`. `tableState` turns a view message into named pieces of state; the render
// functions draw them; every word comes from names.js and i18n.js.
"use strict";

const tableId = location.pathname.split("/").pop();
const tokenKey = "stich:seat:" + tableId;
let socket = null;
let nextN = 0;           // the number of the next message of this seat's stream
let seat = null;         // this page's seat; null for a spectator
let watching = false;
let info = null;         // the table (hello)
let seats = [];
let watchers = 0;
let view = null;         // the latest view message
let board = "";          // the drawn score: a view carries it only when it changed (events.md)
let lastResult = null;   // {deal, result}: shown until every seat has moved in the next deal
let selected = new Set();
let keymap = {};
let closedByUs = false;

const $ = (id) => document.getElementById(id);
const SELECTING = /^(discard|exchange-talon) /;   // actions named by selecting cards (D-1)

function deck() {
  const stored = localStorage.getItem("stich:deck");
  if (stored) return stored;
  return info && info.game === "jass" ? "swiss" : "german";
}

function say(id, text) { $(id).textContent = text || ""; }

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// A card drawn by cards.js, named for screen readers as the player's language says it.
function cardNode(code, opts) {
  const wrap = document.createElement("span");
  wrap.innerHTML = cardSvg(code, deck(), opts);
  const svg = wrap.firstChild;
  svg.setAttribute("aria-label", cardSpoken(code, deck()));
  return svg;
}

// Where seat n sits, seen from this page's seat: you at the bottom, play going to the right
// (counter-clockwise), so in four the partner sits opposite and in three the others left and
// right. A spectator sees seat 0 at the bottom.
const PLACES = { 2: ["bottom", "top"], 3: ["bottom", "right", "left"], 4: ["bottom", "right", "top", "left"] };
function place(n) {
  const count = (seats.length ? seats : info.seats).length;
  const me = seat === null ? 0 : seat;
  return (PLACES[count] || PLACES[4])[(n - me + count) % count];
}
function teamGame() { return info && (info.game === "jass" || info.game === "bauernschnapsen"); }

async function start() {
  applyWords();
  $("lang").textContent = t("language");
  $("deck").value = deck();
  $("deck").onchange = () => { localStorage.setItem("stich:deck", $("deck").value); render(); };
  $("invitelink").value = location.href;
  setupInvite();
  $("sound").onclick = () => setSound(!soundOn());
  $("sound").title = t("sound_help");
  drawSoundToggle();
  applyMotionClass();
  const token = localStorage.getItem(tokenKey);
  const answer = await fetch("/api/tables/" + tableId);
  const table = await answer.json();
  if (!answer.ok) { say("error", errorText(table)); return; }
  if (typeof closedTable === "function" && closedTable(table)) return;   // join.js
  info = table;
  $("gamename").textContent = t("game_" + table.game) + " · " + t("preset_" + table.preset);
  $("deck").value = deck();
  if (token) { connect("token=" + encodeURIComponent(token)); return; }
  const free = table.seats.some((s) => s.kind === "person" && !s.joined);
  if (table.status === "finished") { showLinks(); renderSeats(table.seats); return; }
  if (!free) { connect("watch=1"); return; }   // a full table: watch it
  $("join").hidden = false;
  if (typeof joinPage === "function") joinPage(table);   // join.js: seats, owner's controls
  $("name").value = localStorage.getItem("stich:name") || "";
  $("joinbtn").onclick = join;
  $("name").onkeydown = (e) => { if (e.key === "Enter") join(); };
}

async function join() {
  const name = $("name").value.trim();
  const answer = await fetch("/api/tables/" + tableId + "/join", {
    method: "POST", headers: { "Content-Type": "application/json" },
    // an account's login travels as its HttpOnly cookie; the seat chosen on join.js's list
    body: JSON.stringify({ name, seat: typeof chosenSeat === "function" ? chosenSeat() : null }),
  });
  const data = await answer.json();
  if (!answer.ok) { say("joinerror", errorText(data)); return; }
  localStorage.setItem("stich:name", name);
  localStorage.setItem(tokenKey, data.token);
  $("join").hidden = true;
  connect("token=" + encodeURIComponent(data.token));
}

// The connection (docs/web.md, "When a worker dies"). A ping goes out every PING_MS; a socket
// that has heard nothing for SILENT_MS (three pings unanswered: a server that stopped without
// closing) is given up and a new one opened, as after a close. A close reconnects after a
// second, twice as long after each try that heard nothing (at most RETRY_MAX_MS); 1012, the
// table moved to another worker, after a tenth of that. Each reconnect asks for the stream
// from `since`.
const PING_MS = Number(localStorage.getItem("stich:ping_ms")) || 10000;   // tests shorten it
const SILENT_MS = 3 * PING_MS;
const RETRY_MAX_MS = 8000;
let heard = 0;           // when this page last heard its socket (Date.now())
let retries = 0;         // tries since a socket last heard something
let connection = null;   // the query of the socket to keep open
let pinged = 0;          // when this page last sent a ping

function connect(query) {
  connection = query;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(scheme + location.host + "/ws/" + tableId + "?" + query + "&since=" + nextN);
  socket = ws;
  heard = Date.now();
  // a frame is one message or an array of one change's messages (docs/events.md)
  ws.onmessage = (event) => { heard = Date.now(); retries = 0; const data = JSON.parse(event.data); for (const message of Array.isArray(data) ? data : [data]) receive(message); };
  ws.onclose = (event) => {
    if (closedByUs || ws !== socket) return;   // a socket given up already
    // 1009: a frame over the server's limit; the page says why and does not send it again
    if (event.code === 1009) { say("error", tr("closed_too_big", { reason: event.reason })); return; }
    say("status", t("disconnected"));
    const wait = Math.min((event.code === 1012 ? 100 : 1000) * 2 ** retries, RETRY_MAX_MS);
    retries += 1;
    setTimeout(() => connect(query), wait);
  };
}

// Keep the socket alive, and give up one that no longer answers.
setInterval(() => {
  if (!socket || closedByUs || socket.readyState > 1) return;
  if (Date.now() - heard > SILENT_MS) {
    const silent = socket;
    socket = null;   // its close, whenever it comes, is not this page's business any more
    silent.onmessage = null;
    try { silent.close(4000, "no answer"); } catch (error) { /* closing anyway */ }
    say("status", t("disconnected"));
    retries += 1;
    connect(connection);
    return;
  }
  if (socket.readyState === 1 && Date.now() - pinged >= PING_MS) {
    pinged = Date.now();
    socket.send(JSON.stringify({ type: "ping" }));
  }
}, Math.min(PING_MS, 1000));

function receive(message) {
  if (typeof message.n === "number") {
    if (message.n < nextN) return;   // already seen before a reconnect
    nextN = message.n + 1;
  }
  if (typeof chatReceive === "function" && chatReceive(message)) return;   // chat.js
  switch (message.type) {
    case "hello":
      seat = message.seat; watching = seat === null; info = message.table; renderSeats(info.seats); break;
    case "seats":
      seats = message.seats; info.status = message.status; watchers = message.watchers || 0;
      // the status line and the score name the seats too: redraw all once a view is there
      if (view) render(); else renderSeats(seats);
      foldInvite(); break;
    case "view":
      noteTrickDone(view, message); view = message;
      if ("board" in message) board = message.board || "";
      say("error", ""); render(); break;
    case "error": say("error", errorWords(message)); break;
    case "result": lastResult = { deal: message.deal, result: message.result }; render(); break;
    case "match_end": showLinks(); break;
  }
  if (typeof flowReceive === "function") flowReceive(message);   // panels.js (t26-flow)
  if (typeof ratingsReceive === "function") ratingsReceive(message);   // ratings.js
}

// A server error in the player's words: the rules' refusal with its cards in the deck in play,
// a seat by its name.
function errorWords(data) {
  if (data.code === "illegal") return tr("err_illegal", { why: refusalText(data.args, deck()) });
  const args = { ...(data.args || {}) };
  if (typeof args.seat === "number") args.name = nameOf(args.seat);
  return errorText({ ...data, args });
}

function nameOf(s) {
  const list = seats.length ? seats : (info ? info.seats : []);
  return list[s] ? list[s].name || "?" : "?";
}

function names() { return (seats.length ? seats : info.seats).map((s) => s.name || "?"); }

const set = (x) => x !== null && x !== undefined;

// A trick as {seat, card}: contract games keep [seat, card]; Schnapsen and Jass list the cards
// from the leader on.
function placed(trick, leader, count) {
  return (trick || []).map((c, i) => Array.isArray(c) ? { seat: c[0], card: c[1] }
    : { seat: (leader + i) % count, card: c });
}

// The view message as named pieces of state, whatever the game: what a redesign draws.
function tableState(message) {
  const v = message.view;
  const count = (seats.length ? seats : info.seats).length;
  const game = v.game;
  let trump = null;                   // the suit in force, or "none" in trump-less contracts
  if (game === "schnapsen") trump = v.trump;
  else if (game === "jass") trump = !set(v.contract) ? null : (v.contract.length === 1 ? v.contract : "none");
  else trump = set(v.trump) ? v.trump : (set(v.contract) ? "none" : null);
  return {
    game, deal: message.deal, moves: message.moves || 0, toAct: v.to_act, me: seat,
    hand: v.hand || [], legal: v.to_act === seat && seat !== null ? v.legal_actions : [],
    handSizes: v.hand_sizes || [],
    dealer: v.dealer, caller: v.caller, declarer: v.declarer, forehand: v.forehand,
    chosenBy: v.chosen_by, pushed: !!v.pushed, sittingOut: v.sitting_out,
    trick: placed(v.trick, v.leader, count),
    lastTrick: v.last_trick ? placed(v.last_trick, 0, count) : null,
    lastWinner: v.last_trick ? v.leader : null,
    trump, trumpCard: v.trump_card || v.turned_up || null, stockSize: v.stock_size,
    closed: set(v.closed_by), contract: v.contract, namedTrump: v.named_trump,
    factor: v.factor, doubles: v.doubles || [], multiplier: v.multiplier, stoeck: v.stoeck,
    calls: v.calls || [], marriages: v.marriages || [], weis: v.weis || [],
    openHands: (v.open_hands || []).map(([s, cards]) => ({ seat: s, cards })),
    firstTricks: (v.first_tricks || []).map((trick) => placed(trick, 0, count)),
    firstTrickWinners: v.first_trick_winners || [],
    talonSeen: v.talon_seen || [], laidDown: v.laid_down || [], talonSize: v.talon_size,
    points: v.points, myPoints: v.my_points, over: !!message.over, match: message.match,
    tricksWon: v.tricks_won || null, myTricks: v.my_tricks,
  };
}

function renderSeats(list) {
  seats = list;
  const st = view ? tableState(view) : null;
  $("seats").innerHTML = "";
  $("felt").dataset.count = list.length;
  list.forEach((s, n) => {
    const box = el("div", "seatbox pos-" + place(n) + (n === seat ? " me" : "") + (st && n === st.toAct ? " to-act" : ""));
    box.dataset.seat = n;
    box.setAttribute("aria-label", tr("seat_of", { name: s.name || "…" }));
    box.append(el("span", "name", (s.name || "…") + (n === seat ? " ★" : "")));
    if (typeof seatRatingMarks === "function") box.append(...seatRatingMarks(n));   // ratings.js
    if (teamGame() && list.length === 4) {
      box.classList.add(n % 2 ? "team-b" : "team-a");
      box.append(el("span", "mark team", t(n % 2 ? "team_b" : "team_a")));
    }
    const mark = (text, cls) => box.append(el("span", "mark" + (cls ? " " + cls : ""), text));
    if (s.kind === "bot") mark(t("bot_mark"));
    if (s.kind === "botaccount") mark(t("bot_account_mark"), "botaccount");   // docs/web.md, "Bot accounts"
    if (s.away) mark(t("away"), "away");
    if (st) {
      if (n === st.dealer) mark(t("dealer"), "dealer");
      if (n === st.caller) mark(t("caller"), "caller");
      if (n === st.declarer) mark(t("declarer"), "declarer");
      if (st.game === "jass" && n === st.forehand) mark(t("forehand"), "forehand");
      if (n === st.chosenBy) mark(t("chose"), "chooser");
      if (n === st.sittingOut) mark(t("sits_out"), "out");   // B-5: the Bettler's partner
      if (n === st.stoeck) mark(tr("stoeck", { name: s.name || "?" }), "stoeck");
      if (n !== seat && st.handSizes[n] !== undefined) mark(trn("cards_left", st.handSizes[n]), "handsize");
      takenPile(box, st, n, list.length);
    }
    $("seats").appendChild(box);
  });
  const watch = [];
  if (watching) watch.push(t("spectating"));
  if (watchers) watch.push(tr("watchers", { n: watchers }));
  say("watch", watch.join(" · "));
  if (info && info.status === "waiting") say("status", t("waiting_players"));
}

// The tricks a seat (Jass: its team) has taken, as a small pile with its count (the view's
// tricks_won).
function takenPile(box, st, n, count) {
  const won = st.tricksWon;
  if (!won || !won.length) return;
  const team = won.length < count;
  const taken = team ? won[n % won.length] : won[n];
  if (!taken) return;
  const pileBox = el("span", "taken");
  pileBox.dataset.count = taken;
  for (let i = 0; i < Math.min(taken, 4); i++) pileBox.insertAdjacentHTML("beforeend", backSvg());
  pileBox.append(el("span", "count", trn(team ? "team_tricks" : "tricks_taken", taken)));
  box.append(pileBox);
}

// Cards placed by seat, each with the name of who played it; `placing` puts each card in front
// of whoever played it (the trick on the table).
function pile(id, label, entries, caption, placing) {
  const box = $(id);
  box.innerHTML = "";
  if (label) box.append(el("span", "label", label));
  for (const entry of entries) {
    const figure = el("figure", "placed" + (placing ? " pos-" + place(entry.seat) : ""));
    figure.dataset.seat = entry.seat;
    figure.append(cardNode(entry.card), el("figcaption", "", nameOf(entry.seat)));
    box.append(figure);
  }
  if (caption) box.append(el("span", "caption", caption));
}

function cardRow(label, codes) {
  const row = el("div", "pile");
  row.append(el("span", "label", label));
  for (const code of codes) row.append(cardNode(code));
  return row;
}

// --- the trick's pace (motion.js) ------------------------------------------------------------
let shownTrick = new Set();   // the cards now on the table, "seat:card"
let handRects = {};           // where each hand card was before this render
let seatRects = {};

// A trick that lacked one card, then a view with an empty trick and a last trick of one card
// more: the trick is done; the page keeps it on the table until the winner takes it.
function noteTrickDone(before, after) {
  if (!before || !after || before.deal !== after.deal) return;
  const count = (seats.length ? seats : info.seats).length;
  const was = before.view.trick || [];
  const now = after.view.trick || [];
  const last = after.view.last_trick;
  // (a partner sitting out a Bettler, B-5, makes tricks shorter than the table)
  if (now.length || !last || !was.length || last.length !== was.length + 1) return;
  const entries = placed(last, 0, count);
  trickHold.begin(entries, after.view.leader, takeTrick);
}

function takeTrick() {
  const winner = document.querySelector(`.seatbox[data-seat="${trickHold.winner}"]`);
  const target = winner ? winner.getBoundingClientRect() : null;
  glideTo([...document.querySelectorAll("#trick figure")], target, () => render());
}

function rememberPlaces() {
  handRects = {}; seatRects = {};
  document.querySelectorAll("#hand svg.card").forEach((n) => { handRects[n.dataset.card] = n.getBoundingClientRect(); });
  document.querySelectorAll(".seatbox").forEach((n) => { seatRects[n.dataset.seat] = n.getBoundingClientRect(); });
}

function drawTrick(st) {
  const holding = trickHold.active();   // even when the server's view has moved on
  const entries = holding ? trickHold.entries : st.trick;
  pile("trick", t("trick"), entries, holding ? tr("take_trick", { name: nameOf(trickHold.winner) }) : "", true);
  $("trick").classList.toggle("held", holding);
  if (holding) $("trick").setAttribute("tabindex", "0");   // Enter takes it, as a click does
  else $("trick").removeAttribute("tabindex");
  const now = new Set();
  $("trick").querySelectorAll("figure").forEach((figure) => {
    const key = figure.dataset.seat + ":" + figure.querySelector("svg").dataset.card;
    now.add(key);
    if (!shownTrick.has(key)) {
      const code = key.split(":")[1];
      glideFrom(figure, handRects[code] || seatRects[figure.dataset.seat]);
    }
  });
  shownTrick = now;
}

function render() {
  if (!view) return;
  const st = tableState(view);
  rememberPlaces();
  renderSeats(seats.length ? seats : info.seats);
  drawTrick(st);
  renderPast(st);
  renderTrump(st);
  renderInfo(st);
  renderOpen(st);
  renderHand(st);
  renderActions(st);
  $("board").innerHTML = board;   // drawn by the server, every name escaped (scoreboard.py)
  say("score", scoreText(st.match, names()));
  // a finished deal's panel is up: nobody's turn until the next deal (panels.js)
  const between = typeof dealEndShown === "function" && dealEndShown();
  const myTurn = !st.over && !between && st.toAct === seat && seat !== null && st.legal.length > 0;
  $("felt").classList.toggle("my-turn", myTurn);
  if (st.over) { say("status", t("match_over")); showLinks(); }
  else if (between) say("status", tr("deal_over_n", { n: st.deal + 1 }));
  else if (myTurn) say("status", t("your_turn"));
  else if (st.toAct >= 0) say("status", t("waiting_for") + " " + nameOf(st.toAct));
  turnCue(myTurn);
}

// Past tricks as S-11 allows: where the view carries the seat's own tricks (soft) the last
// trick and a "my tricks" pile that opens; in sharp (no my_tricks) nothing looks back. The
// contract games and Jass show the last trick their views carry (B-1's first tricks are
// drawn with the open cards).
function renderPast(st) {
  const review = st.game !== "schnapsen" || Array.isArray(st.myTricks);
  if (st.lastTrick && review) pile("lasttrick", t("last_trick"), st.lastTrick, tr("took_trick", { name: nameOf(st.lastWinner) }));
  else $("lasttrick").innerHTML = "";
  const box = $("mytricks");
  box.hidden = !(st.game === "schnapsen" && Array.isArray(st.myTricks) && st.myTricks.length);
  if (box.hidden) return;
  box.querySelector("summary").textContent = tr("my_tricks", { n: st.myTricks.length / 2 });
  const cards = box.querySelector(".cards");
  cards.innerHTML = "";
  for (const code of st.myTricks) cards.append(cardNode(code));
}

// The invite link: copy (or share where the browser can) while seats are free; it folds away
// once the table is full.
function setupInvite() {
  $("copylink").onclick = async () => {
    try { await navigator.clipboard.writeText(location.href); } catch (e) { $("invitelink").select(); }
    say("copied", t("link_copied"));
  };
  if (navigator.share) {
    $("sharelink").hidden = false;
    $("sharelink").onclick = () => navigator.share({ title: document.title, url: location.href }).catch(() => {});
  }
}

function foldInvite() {
  const list = seats.length ? seats : info.seats;
  const free = list.some((s) => s.kind === "person" && !s.joined);
  $("invite").hidden = !free || !info || info.status === "finished";
}

function renderTrump(st) {
  const box = $("trumpbox");
  box.innerHTML = "";
  if (st.game === "schnapsen") {   // S-2: the trump card lies face up under the stock
    const label = t("trump") + " · " + t("stock") + ": " + st.stockSize + (st.closed ? " (" + t("closed") + ")" : "");
    box.append(el("span", "label", label));
    if (st.stockSize > 0) {
      const stock = el("div", "stock" + (st.closed ? " closed" : ""));
      const trumpCard = cardNode(st.trumpCard);
      trumpCard.classList.add("turned");
      stock.append(trumpCard);
      if (st.stockSize > 1) stock.insertAdjacentHTML("beforeend", backSvg());
      const back = stock.querySelector("svg.back");
      if (back) {
        back.removeAttribute("aria-hidden");
        back.setAttribute("role", "img");
        back.setAttribute("aria-label", trn("stock_left", st.stockSize - 1));
      }
      box.append(stock);
    }
  } else if (st.trumpCard) {
    box.append(el("span", "label", t("trump")), cardNode(st.trumpCard));
  }
  if (st.talonSeen.length) box.append(cardRow(t("talon_seen"), st.talonSeen));
  if (st.laidDown.length) box.append(cardRow(t("laid_down"), st.laidDown));
  const line = el("span", "trump");
  line.dataset.trump = st.trump || "";
  if (st.trump === "none") line.textContent = t("trump") + ": " + t("no_trump");
  else if (st.trump) {
    line.textContent = t("trump") + ": " + suitName(st.trump, deck()) + " ";
    line.insertAdjacentHTML("beforeend", suitSvg(st.trump, deck()));
  }
  if (st.trump) box.append(line);
}

function renderInfo(st) {
  const bits = [];
  const round = (seats.length ? seats : info.seats).length;   // one move per seat
  if (lastResult && (view.deal === lastResult.deal ||
                     (view.deal === lastResult.deal + 1 && st.moves < round))) {
    bits.push(resultText(lastResult.result, names()));
  } else lastResult = null;
  if (st.contract) {
    let text = t("contract") + ": " + contractName(st.contract, deck());
    if (set(st.declarer)) text += " (" + nameOf(st.declarer) + ")";
    if (set(st.chosenBy)) text += " (" + t("chosen_by") + " " + nameOf(st.chosenBy) + (st.pushed ? ", " + t("pushed") : "") + ")";
    bits.push(text);
  } else if (st.pushed) bits.push(t("forehand") + " " + nameOf(st.forehand) + ": " + t("pushed"));
  if (st.game === "jass" && set(st.multiplier) && st.multiplier > 1) bits.push(tr("multiplier", { n: st.multiplier }));
  if (set(st.factor) && st.factor > 1) {   // B-6: gspritzt ×2, retour ×4, re ×8
    const who = st.doubles.filter(([, call]) => call !== "pass")
      .map(([s, call]) => tr("doubled", { name: nameOf(s), call: actionName(call, deck()) }));
    bits.push(tr("factor", { n: st.factor }) + (who.length ? " (" + who.join(", ") + ")" : ""));
  }
  if (set(st.myPoints)) bits.push(t("points") + ": " + st.myPoints);
  if (st.points) bits.push(t("points") + ": " + st.points.join(" : "));
  if (st.marriages.length) {
    bits.push(st.marriages.map(([s, suit]) => tr("marriage_of", { name: nameOf(s), suit: suitName(suit, deck()) })).join(", "));
  }
  if (st.calls.length) bits.push(t("calls") + ": " + st.calls.map(([s, call]) => nameOf(s) + ": " + actionName(call, deck())).join(" · "));
  if (set(st.talonSize) && st.talonSize > 0 && !st.talonSeen.length) bits.push(tr("talon_left", { n: st.talonSize }));
  $("info").textContent = bits.join(" | ");
}

// What lies open: Weis (J-5), the Plauderer's hand (B-5), each team's first trick (B-1).
function renderOpen(st) {
  const box = $("open");
  box.innerHTML = "";
  for (const w of st.weis) {
    const row = el("div", "pile weis");
    row.append(el("span", "label", tr("weis_of", { name: nameOf(w.seat), points: w.points })));
    for (const code of w.cards || []) row.append(cardNode(code));
    box.append(row);
  }
  for (const open of st.openHands) box.append(cardRow(tr("open_hand", { name: nameOf(open.seat) }), open.cards));
  st.firstTricks.forEach((trick, i) => {
    const row = el("div", "pile first");
    row.append(el("span", "label", tr("first_trick", { name: nameOf(st.firstTrickWinners[i]) })));
    for (const entry of trick) {
      const figure = el("figure", "placed");
      figure.append(cardNode(entry.card), el("figcaption", "", nameOf(entry.seat)));
      row.append(figure);
    }
    box.append(row);
  });
}

function renderHand(st) {
  const actions = st.legal;
  const playable = new Set(actions.filter((a) => a.startsWith("play ")).map((a) => a.slice(5)));
  const choosing = actions.some((a) => SELECTING.test(a));
  // the card the keyboard is on, read before the hand is emptied (emptying it moves the focus
  // to the page), so a redraw while the player is on a card keeps him there
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.card : null;
  $("hand").innerHTML = "";
  keymap = {};
  $("hand").setAttribute("aria-label", t("your_hand"));
  st.hand.forEach((code, i) => {
    const node = cardNode(code, { playable: playable.has(code), selected: selected.has(code) });
    const key = String((i + 1) % 10);
    node.setAttribute("title", key);
    // the keyboard alone: Tab reaches each card, Enter or Space plays (or selects) it
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    if (choosing) node.setAttribute("aria-pressed", selected.has(code) ? "true" : "false");
    const act = () => {
      if (choosing) { selected.has(code) ? selected.delete(code) : selected.add(code); render(); }
      else send("play " + code);   // a card the rules refuse too: the server says why
    };
    node.addEventListener("click", act);
    node.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); act(); }
    });
    if (i < 10) keymap[key] = act;
    $("hand").appendChild(node);
    if (code === focused) node.focus();
  });
  fanHand();
}

// A hand wider than the page overlaps its cards, each keeping its index in view.
function fanHand() { fanRow($("hand")); }
window.addEventListener("resize", () => fanHand());

function renderActions(st) {
  const box = $("actions");
  const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.dataset.action : null;
  box.innerHTML = "";
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let index = 0;
  for (const action of st.legal) {
    if (action.startsWith("play ")) continue;
    const cards = action.split(" ").slice(1);
    if (SELECTING.test(action)) {   // many choices: the one matching the selection
      if (cards.slice().sort().join(" ") !== [...selected].sort().join(" ")) continue;
    }
    const button = document.createElement("button");
    const key = letters[index++] || "";
    button.append(el("span", "", actionName(action, deck())));
    if (/^weis /.test(action)) for (const code of cards) button.append(cardNode(code));
    if (key) button.append(el("kbd", "", key));
    button.dataset.action = action;
    button.onclick = () => send(action);
    if (key) keymap[key] = () => send(action);
    box.appendChild(button);
    if (action === focused) button.focus();   // a redraw keeps the keyboard where it was
  }
  const choose = st.legal.find((a) => SELECTING.test(a));
  if (choose && !box.children.length) {
    box.textContent = tr("select_n", { n: choose.split(" ").length - 1, what: t("verb_" + choose.split(" ")[0].replace(/-/g, "_")) });
  }
}

function send(action) {
  if (!socket || socket.readyState !== 1 || watching) return;
  if (typeof flowSend === "function" && flowSend(action, sendNow)) return;   // panels.js: a second look
  sendNow(action);
}

function sendNow(action) {
  if (!socket || socket.readyState !== 1 || watching) return;
  if (trickHold.active()) { trickHold.end(false); render(); }   // playing on takes the trick
  selected = new Set();
  socket.send(JSON.stringify({ type: "action", action }));
}

function showLinks() {
  $("links").innerHTML = `<a href="/replay/${encodeURIComponent(tableId)}">${esc(t("replay"))}</a> · ` +
    `<a href="/api/tables/${encodeURIComponent(tableId)}/record" download>${esc(t("download"))}</a>`;
}

// A click on a finished trick takes it at once.
document.getElementById("trick").addEventListener("click", () => { if (trickHold.active()) trickHold.end(true); });
document.getElementById("trick").addEventListener("keydown", (e) => {
  if ((e.key === "Enter" || e.key === " ") && trickHold.active()) { e.preventDefault(); trickHold.end(true); }
});

document.addEventListener("keydown", (e) => {
  if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT")) return;
  const act = keymap[e.key];
  if (act) { e.preventDefault(); act(); }
});

start();
