// The table page: one seat's view, its actions by click or key, reconnects with `since`.
"use strict";

const tableId = location.pathname.split("/").pop();
const tokenKey = "stich:seat:" + tableId;
let socket = null;
let nextN = 0;           // the number of the next message of this seat's stream
let seat = null;
let info = null;         // the table (hello)
let seats = [];
let view = null;         // the latest view message
let selected = new Set();
let keymap = {};
let closedByUs = false;

const $ = (id) => document.getElementById(id);

function deck() {
  const stored = localStorage.getItem("stich:deck");
  if (stored) return stored;
  return info && info.game === "jass" ? "swiss" : "german";
}

function say(id, text) { $(id).textContent = text || ""; }

async function start() {
  applyWords();
  $("lang").textContent = t("language");
  $("deck").value = deck();
  $("deck").onchange = () => { localStorage.setItem("stich:deck", $("deck").value); render(); };
  $("invitelink").value = location.href;
  const token = localStorage.getItem(tokenKey);
  const answer = await fetch("/api/tables/" + tableId);
  const table = await answer.json();
  if (!answer.ok) { say("error", table.error); return; }
  info = table;
  $("gamename").textContent = table.game + " · " + table.preset;
  $("deck").value = deck();
  if (token) { connect(token); return; }
  const free = table.seats.some((s) => s.kind === "person" && !s.joined);
  if (table.status === "finished") { showLinks(); renderSeats(table.seats); return; }
  if (!free) { say("error", "—"); return; }
  $("join").hidden = false;
  $("invite").hidden = false;
  $("name").value = localStorage.getItem("stich:name") || "";
  $("joinbtn").onclick = join;
  $("name").onkeydown = (e) => { if (e.key === "Enter") join(); };
}

async function join() {
  const name = $("name").value.trim();
  const answer = await fetch("/api/tables/" + tableId + "/join", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name, login: localStorage.getItem("stich:login") || undefined }),
  });
  const data = await answer.json();
  if (!answer.ok) { say("joinerror", data.error); return; }
  localStorage.setItem("stich:name", name);
  localStorage.setItem(tokenKey, data.token);
  $("join").hidden = true;
  connect(data.token);
}

function connect(token) {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws/" + tableId + "?token=" +
                         encodeURIComponent(token) + "&since=" + nextN);
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (closedByUs) return;
    // 1009: a frame over the server's limit; the page says why and does not send it again
    if (event.code === 1009) { say("error", tr("closed_too_big", { reason: event.reason })); return; }
    say("status", t("disconnected"));
    setTimeout(() => connect(token), 1000);
  };
}

function receive(message) {
  if (typeof message.n === "number") {
    if (message.n < nextN) return;   // already seen before a reconnect
    nextN = message.n + 1;
  }
  switch (message.type) {
    case "hello": seat = message.seat; info = message.table; renderSeats(info.seats); break;
    case "seats": seats = message.seats; info.status = message.status; renderSeats(seats); break;
    case "view": view = message; say("error", ""); render(); break;
    case "error": say("error", message.error); break;
    case "result": showResult(message.result); break;
    case "match_end": showLinks(); break;
  }
}

function nameOf(s) { const list = seats.length ? seats : info.seats; return list[s] ? list[s].name || "?" : "?"; }

function renderSeats(list) {
  seats = list;
  const toAct = view ? view.view.to_act : -1;
  $("seats").innerHTML = "";
  list.forEach((s, n) => {
    const box = document.createElement("div");
    box.className = "seatbox" + (n === seat ? " me" : "") + (n === toAct ? " to-act" : "");
    box.dataset.seat = n;
    box.textContent = (s.name || "…") + (n === seat ? " ★" : "");
    if (s.kind === "bot") box.innerHTML += `<span class="mark">${t("bot_mark")}</span>`;
    if (s.away) box.innerHTML += `<span class="mark away">${t("away")}</span>`;
    $("seats").appendChild(box);
  });
  if (info && info.status === "waiting") say("status", t("waiting_players"));
}

function cardsOf(list) { return (list || []).map((c) => Array.isArray(c) ? c[1] : c); }

function pile(id, label, codes) {
  $(id).innerHTML = `<span class="label">${label}</span>` + codes.map((c) => cardSvg(c, deck())).join("");
}

function render() {
  if (!view) return;
  const v = view.view;
  renderSeats(seats.length ? seats : info.seats);
  pile("trick", t("trick"), cardsOf(v.trick));
  if (v.last_trick) pile("lasttrick", t("last_trick"), cardsOf(v.last_trick));
  else $("lasttrick").innerHTML = "";
  renderTrump(v);
  renderInfo(v);
  renderHand(v);
  renderActions(v);
  $("board").innerHTML = view.board || "";
  if (view.over) { say("status", t("match_over")); showLinks(); }
  else if (v.to_act === seat) say("status", t("your_turn"));
  else if (v.to_act >= 0) say("status", t("waiting_for") + " " + nameOf(v.to_act));
}

function renderTrump(v) {
  const parts = [];
  if (v.trump_card) parts.push(`<span class="label">${t("trump")} · ${t("stock")}: ${v.stock_size}${v.closed_by !== null && v.closed_by !== undefined ? " (" + t("closed") + ")" : ""}</span>` + (v.stock_size > 0 ? cardSvg(v.trump_card, deck()) + (v.stock_size > 1 ? backSvg() : "") : ""));
  else if (v.turned_up) parts.push(`<span class="label">${t("trump")}</span>` + cardSvg(v.turned_up, deck()));
  if (v.talon_seen && v.talon_seen.length) parts.push(`<span class="label">${t("talon_seen")}</span>` + v.talon_seen.map((c) => cardSvg(c, deck())).join(""));
  const trump = v.trump || v.named_trump;
  if (trump && typeof trump === "string" && trump.length === 1) parts.push(`<span>${t("trump")}: ${suitSvg(trump, deck())}</span>`);
  $("trumpbox").innerHTML = parts.join("");
}

function renderInfo(v) {
  const bits = [];
  if (v.contract) bits.push(`${t("contract")}: ${v.contract}` + (v.declarer !== null && v.declarer !== undefined ? ` (${nameOf(v.declarer)})` : "") + (v.chosen_by !== null && v.chosen_by !== undefined ? ` (${nameOf(v.chosen_by)})` : ""));
  if (v.my_points !== undefined && v.my_points !== null) bits.push(`${t("points")}: ${v.my_points}`);
  if (v.points) bits.push(`${t("points")}: ${v.points.join(" : ")}`);
  if (v.marriages && v.marriages.length) bits.push(v.marriages.map((m) => `${nameOf(m[0])} ${t("marriage")} ${m[1]}`).join(", "));
  if (v.weis && v.weis.length) bits.push(t("weis") + ": " + v.weis.map((w) => JSON.stringify(w)).join(" "));
  if (v.calls && v.calls.length) bits.push(v.calls.map((c) => `${nameOf(c[0])}: ${c[1]}`).join(" · "));
  if (resultText) bits.unshift(resultText);
  $("info").textContent = bits.join(" | ");
  const m = view.match || {};
  const parts = [];
  if (m.remaining) parts.push(seats.map((s, n) => `${s.name}: ${m.remaining[n]}`).join(" · ") + " · Bummerl " + m.bummerl.join(":"));
  if (m.score) parts.push(m.score.join(" : ") + " / 24 · Bummerl " + m.bummerl.join(":"));
  if (m.scores) parts.push(m.scores.join(" : ") + " / " + m.target);
  $("score").textContent = parts.join(" ");
}

function legal(v) { return v.to_act === seat ? v.legal_actions : []; }

function renderHand(v) {
  const actions = legal(v);
  const playable = new Set(actions.filter((a) => a.startsWith("play ")).map((a) => a.slice(5)));
  const choosing = actions.some((a) => /^(discard|talon|weis) /.test(a));
  $("hand").innerHTML = "";
  keymap = {};
  (v.hand || []).forEach((code, i) => {
    const wrap = document.createElement("span");
    wrap.innerHTML = cardSvg(code, deck(), { playable: playable.has(code), selected: selected.has(code) });
    const el = wrap.firstChild;
    const key = String((i + 1) % 10);
    el.setAttribute("title", key);
    const act = () => {
      if (playable.has(code)) send("play " + code);
      else if (choosing) { selected.has(code) ? selected.delete(code) : selected.add(code); render(); }
    };
    el.addEventListener("click", act);
    if (i < 10) keymap[key] = act;
    $("hand").appendChild(el);
  });
}

function label(action) {
  const [verb, ...rest] = action.split(" ");
  const word = verb === "trump" ? t("trump_verb") : t(verb);
  const arg = rest.map((x) => (x.length === 1 && "CDHS".includes(x)) ? suitSvg(x, deck()) : x).join(" ");
  return word + (arg ? " " + arg : "");
}

function renderActions(v) {
  const box = $("actions");
  box.innerHTML = "";
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let index = 0;
  for (const action of legal(v)) {
    if (action.startsWith("play ")) continue;
    const cards = action.split(" ").slice(1);
    if (/^(discard|talon) /.test(action)) {   // many choices: the ones matching the selection
      const want = [...selected].sort().join(" ");
      if (cards.slice().sort().join(" ") !== want) continue;
    }
    const button = document.createElement("button");
    const key = letters[index++] || "";
    button.innerHTML = label(action) + (key ? `<kbd>${key}</kbd>` : "");
    button.dataset.action = action;
    button.onclick = () => send(action);
    if (key) keymap[key] = () => send(action);
    box.appendChild(button);
  }
  if (legal(v).some((a) => /^(discard|talon) /.test(a)) && !box.children.length) {
    box.textContent = t("select_cards");
  }
}

function send(action) {
  if (!socket || socket.readyState !== 1) return;
  selected = new Set();
  socket.send(JSON.stringify({ type: "action", action }));
}

let resultText = "";
function showResult(result) {
  const names = result.winner.map(nameOf).join(" & ");
  resultText = `${t("result")}: ${names} +${Math.max(...result.game_points)} (${result.reason})`;
}

function showLinks() {
  $("links").innerHTML = `<a href="/replay/${tableId}">${t("replay")}</a> · ` +
    `<a href="/api/tables/${tableId}/record" download>${t("download")}</a>`;
}

document.addEventListener("keydown", (e) => {
  if (e.target && e.target.tagName === "INPUT") return;
  const act = keymap[e.key];
  if (act) { e.preventDefault(); act(); }
});

start();
