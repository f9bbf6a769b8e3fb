// The lobby's public side (docs/web.md, "Public tables and play now"): "play now" (a game, its
// preset, a name, and whether bots fill the seats still empty after a while), the open public
// tables grouped by game and preset, kept live over /ws/lobby (no reload), and the lobby's
// chat (chat.js). The create form gets "public" and the same bot choice (publicChoice(),
// called by lobby.js). Every name and word goes in as text.
"use strict";

const BOT_WAITS = [null, 15, 30, 60, 120, 300];   // seconds; null: never, wait for people
let pubGames = [];
let pubTables = new Map();
let lobbySocket = null;
let lobbyChat = null;
let myAccount = null;   // the logged-in account's name, if any
let lobbyRetry = 1000;

function pubNode(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function pubWord(pair, fallback) { return (pair && (pair[currentLang()] || pair.en)) || fallback; }
function gameWord(game) { const g = pubGames.find((x) => x.game === game); return g ? pubWord(g.words.game, game) : t("game_" + game); }
function presetWord(game, preset) {
  const g = pubGames.find((x) => x.game === game);
  const words = g && g.words.presets[preset];
  return words ? pubWord(words.label, preset) : t("preset_" + preset);
}

function botChoices(select, chosen) {
  select.replaceChildren(...BOT_WAITS.map((n) => {
    const option = pubNode("option", "", n === null ? t("bots_never") : tr("bots_after_n", { n }));
    option.value = n === null ? "" : String(n);
    return option;
  }));
  select.value = chosen === undefined ? "60" : chosen;
}

function presetChoices() {
  const g = pubGames.find((x) => x.game === document.getElementById("pngame").value);
  if (!g) return;
  document.getElementById("pnpreset").replaceChildren(...g.presets.map((p) => {
    const option = pubNode("option", "", presetWord(g.game, p));
    option.value = p;
    return option;
  }));
}

// --- the list of open tables ---------------------------------------------------------------
function tableRow(entry) {
  const item = pubNode("li", "pubtable");
  item.dataset.table = entry.id;
  const names = pubNode("div", "pubseats");
  entry.seats.forEach((s, n) => {
    if (n) names.append(", ");
    const free = s.kind === "person" && !s.joined;
    names.append(pubNode("span", free ? "pubfree" : (s.kind === "bot" ? "pubbot" : "pubname"),
      free ? t("seat_free") : (s.kind === "bot" ? t("bot") : s.name)));
    if (!free && s.kind !== "bot" && s.name) names.append(ratingBox(entry.game, s.name));
  });
  const facts = [];
  if (entry.status === "waiting") facts.push(trn("free_seats", entry.free));
  else facts.push(t("status_" + (entry.status === "stopped" ? "running" : entry.status)));
  if (entry.status === "waiting" && entry.bots_after) facts.push(tr("table_bots_after", { n: Math.round(entry.bots_after) }));
  if (entry.watchers) facts.push(tr("watching_n", { n: entry.watchers }));
  if (entry.options && Object.keys(entry.options).length) facts.push(t("options"));
  const text = pubNode("div", "pubtext");
  text.append(names, pubNode("div", "help pubfacts", facts.join(" · ")));
  const waiting = entry.status === "waiting" && entry.free > 0;
  const go = pubNode("a", "button " + (waiting ? "pubjoin" : "pubwatch"), t(waiting ? "join_table" : "watch_table"));
  go.href = "/t/" + encodeURIComponent(entry.id);
  item.append(text, go);
  return item;
}

function drawTables() {
  const box = document.getElementById("publiclist");
  const order = pubGames.map((g) => g.game);
  const groups = new Map();
  const sorted = [...pubTables.values()].sort((a, b) =>
    (order.indexOf(a.game) - order.indexOf(b.game)) || a.preset.localeCompare(b.preset) ||
    ((a.status === "waiting" ? 0 : 1) - (b.status === "waiting" ? 0 : 1)) || (a.created - b.created));
  for (const entry of sorted) {
    const key = entry.game + "/" + entry.preset;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(entry);
  }
  if (!groups.size) { box.replaceChildren(pubNode("p", "help pubnone", t("no_open_tables"))); return; }
  box.replaceChildren(...[...groups.values()].map((entries) => {
    const group = pubNode("div", "pubgroup");
    group.dataset.game = entries[0].game;
    group.dataset.preset = entries[0].preset;
    group.append(pubNode("h3", "", gameWord(entries[0].game) + " · " + presetWord(entries[0].game, entries[0].preset)));
    const list = pubNode("ul", "publist");
    list.append(...entries.map(tableRow));
    group.append(list);
    return group;
  }));
}

function lobbyReceive(message) {
  switch (message.type) {
    case "tables": pubTables = new Map(message.tables.map((x) => [x.id, x])); drawTables(); break;
    case "table": pubTables.set(message.table.id, message.table); drawTables(); break;
    case "gone": pubTables.delete(message.id); drawTables(); break;
    case "chat_history": lobbyChat.history(message.messages || [], true); break;
    case "chat": lobbyChat.add(message); break;
    case "error": lobbyChat.error(message); break;
  }
}

function lobbyConnect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  lobbySocket = new WebSocket(scheme + location.host + "/ws/lobby");
  const dot = document.getElementById("livedot");
  lobbySocket.onopen = () => { lobbyRetry = 1000; dot.textContent = "● " + t("lobby_live"); dot.className = "live on"; };
  lobbySocket.onmessage = (event) => {
    const data = JSON.parse(event.data);
    for (const message of Array.isArray(data) ? data : [data]) lobbyReceive(message);
  };
  lobbySocket.onclose = () => {
    dot.textContent = t("lobby_offline"); dot.className = "live off";
    setTimeout(lobbyConnect, lobbyRetry);
    lobbyRetry = Math.min(lobbyRetry * 2, 15000);
  };
}

function myName() { return myAccount || document.getElementById("pnname").value.trim(); }

// --- play now --------------------------------------------------------------------------------
async function playNow() {
  const error = document.getElementById("pnerror");
  const bots = document.getElementById("pnbots").value;
  const body = { game: document.getElementById("pngame").value, preset: document.getElementById("pnpreset").value,
                 name: myName(), bots_after: bots ? Number(bots) : null };
  const answer = await fetch("/api/play-now", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await answer.json().catch(() => ({ error: answer.statusText }));
  if (!answer.ok) { error.textContent = errorText(data); return; }
  error.textContent = "";
  if (!myAccount) localStorage.setItem("stich:name", body.name);
  localStorage.setItem("stich:seat:" + data.table, data.token);
  if (data.owner) localStorage.setItem("stich:owner:" + data.table, data.owner);
  location.href = data.link;
}

// --- the create form's public choice (lobby.js calls publicChoice) -----------------------------
function publicInputs() {
  const create = document.getElementById("create");
  const box = pubNode("div", "publicchoice");
  const label = pubNode("label", "check");
  const check = pubNode("input");
  check.type = "checkbox";
  check.id = "public";
  label.append(check, pubNode("span", "", t("public_table")));
  const bots = pubNode("label", "");
  const select = pubNode("select");
  select.id = "createbots";
  botChoices(select, "");
  bots.append(pubNode("span", "", t("bots_fill") + " "), select);
  box.append(label, pubNode("p", "help", t("public_help")), bots);
  create.parentNode.insertBefore(box, create);
}

function publicChoice() {
  const check = document.getElementById("public");
  const bots = document.getElementById("createbots");
  const out = {};
  if (check && check.checked) out.public = true;
  if (bots && bots.value) out.bots_after = Number(bots.value);
  return out;
}

async function publicStart() {
  lobbyChat = makeChat(document.getElementById("lobbychatbody"), {
    room: "lobby",
    send: (text) => {
      if (!lobbySocket || lobbySocket.readyState !== 1) return false;
      const name = myName();
      if (!name) { lobbyChat.error({ error: t("chat_name_needed") }); document.getElementById("pnname").focus(); return false; }
      lobbySocket.send(JSON.stringify({ type: "chat", name, text }));
      return true;
    },
    me: myName,
  });
  publicInputs();
  botChoices(document.getElementById("pnbots"));
  document.getElementById("pnname").value = localStorage.getItem("stich:name") || "";
  document.getElementById("playnowbtn").onclick = playNow;
  const [gamesAnswer, meAnswer] = await Promise.all([fetch("/api/games"), fetch("/api/me")]);
  pubGames = await gamesAnswer.json();
  const me = await meAnswer.json().catch(() => ({}));
  myAccount = me && me.name ? me.name : null;
  document.getElementById("pnnamebox").hidden = !!myAccount;
  const select = document.getElementById("pngame");
  select.replaceChildren(...pubGames.map((g) => { const o = pubNode("option", "", pubWord(g.words.game, g.game)); o.value = g.game; return o; }));
  select.onchange = presetChoices;
  presetChoices();
  drawTables();
  lobbyConnect();
}

document.addEventListener("DOMContentLoaded", publicStart);
