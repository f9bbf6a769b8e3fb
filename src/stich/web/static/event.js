// An online tournament (docs/tournament.md, "Online"): the list of events and a new one's form
// at /e/, an event's page at /e/<id>: registration, the organiser's steps, the pairings with
// their tables, the standings and the prize list, told every change over /ws/e/<id>. Names
// and every other text from people or the server go in as text (node()), never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const eventId = location.pathname.replace(/^\/e\/?/, "").replace(/\/$/, "");
const entryKey = "stich:entry:" + eventId;
const orgKey = "stich:organiser:" + eventId;
let state = null;
let you = {};
let socket = null;
let levels = [];
let levelWords = {};
let preferred = "rules";   // the server's default bot (/api/games default_bot)
let lastTable = null;

function node(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "text") el.textContent = value;
    else el.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) el.append(child);
  return el;
}

function levelName(level) {
  const w = levelWords[level];
  return (w && (w[currentLang()] || w.en)) || level;
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const answer = await fetch(path, options);
  const data = await answer.json();
  if (!answer.ok) throw data;
  return data;
}

async function loadLevels() {
  try {
    const games = await api("/api/games");
    const g = games.find((x) => x.game === "schnapsen");
    levels = g ? g.bots : [];
    preferred = g ? g.default_bot : "rules";
    for (const level of levels) levelWords[level] = g.words.bots[level].label;
  } catch (e) { levels = ["rules"]; preferred = "rules"; }
  document.querySelectorAll("select.levels").forEach((select) => {
    for (const level of levels) select.append(node("option", { value: level, text: t("bot") + ": " + levelName(level) }));
    if (select.id === "f_level" && levels.includes(preferred)) select.value = preferred;
  });
}

// --- the list of events and a new one -------------------------------------------------------
async function showList() {
  document.title = "stich – " + t("ev_events");
  const events = await api("/api/events");
  $("eventlist").replaceChildren(...events.map((e) => node("li", {},
    node("a", { href: "/e/" + e.id, text: e.name }), " · " + t("ev_format_" + e.format) + " · " +
    trn("ev_n_players", e.players) + (e.finished ? " · " + t("ev_phase_finished") : ""))));
  if (!events.length) $("eventlist").append(node("li", { text: t("ev_none") }));
  const formatChanged = () => {
    const preis = $("f_format").value === "preis";
    document.querySelectorAll("#newform .preis").forEach((el) => { el.hidden = !preis; });
    document.querySelectorAll("#newform .swiss").forEach((el) => { el.hidden = $("f_format").value !== "swiss"; });
  };
  $("f_format").addEventListener("change", formatChanged);
  formatChanged();
  $("newform").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const num = (id) => ($(id).value === "" ? null : Number($(id).value));
    const preis = $("f_format").value === "preis";
    const body = {
      name: $("f_name").value, format: $("f_format").value, bummerl: num("f_bummerl"),
      prizes: num("f_prizes"), deck: $("f_deck").value, tables: $("f_tables").value,
      no_show_minutes: num("f_minutes"), no_show_rule: $("f_rule").value,
      bot_level: $("f_level").value, auto_draw: $("f_auto").checked,
    };
    if (preis) Object.assign(body, { cards: num("f_cards"), max_cards: num("f_max_cards"), one_prize: $("f_one_prize").checked });
    if ($("f_format").value === "swiss") body.rounds = num("f_rounds");
    try {
      const made = await api("/api/events", body);
      localStorage.setItem("stich:organiser:" + made.id, made.organiser);
      location.href = made.link;
    } catch (e) { $("createerror").textContent = errorText(e); }
  });
  $("listview").hidden = false;   // shown once its form works
}

// --- one event -------------------------------------------------------------------------------
function stageName(m) {
  if (!m.group) return tr("ev_round_n", { n: m.round });
  const [lo, hi] = m.group;
  const size = hi - lo + 1;
  if (lo === 1) {
    if (m.round === 1) return t("ev_first_round");
    if (size === 2) return t("ev_final");
    if (size === 4) return t("ev_semi");
    if (size === 8) return t("ev_quarter");
    return tr("ev_last_n", { n: size });
  }
  if (size === 2) return tr("ev_places_pair", { lo, hi });
  return tr("ev_places", { lo, hi });
}

function settingsLine(e) {
  const s = e.settings;
  const parts = [t("ev_format_" + e.format)];
  if (e.format === "preis") parts.push(tr("ev_cards_of", { n: s.cards, k: s.max_cards }));
  parts.push(tr("ev_bummerl_n", { n: s.bummerl }), tr("ev_prizes_n", { n: s.prizes }),
             t("deck_" + s.deck), t("ev_tables_" + e.online.tables),
             tr("ev_no_show_line", { n: e.online.no_show_minutes, rule: t("ev_rule_" + e.online.no_show_rule) }));
  return parts.join(" · ");
}

function phaseLine(e) {
  if (e.phase === "registration") return tr("ev_phase_registration", { n: e.players.length });
  if (e.phase === "finished") return t("ev_phase_finished");
  if (e.phase === "playing") return trn("ev_phase_playing", e.open, { r: e.rounds });
  return tr("ev_phase_between", { r: e.rounds });
}

function sideCell(m, side) {
  const card = side === 0 ? m.a : m.b;
  if (!card) return node("td", { text: m.kind === "bye" ? t("ev_bye") : "" });
  const cls = [m.winner === side ? "won" : "", card.player === you.player ? "me" : ""].join(" ").trim();
  const marks = [];
  if (m.stand_ins.includes(side)) marks.push(node("span", { class: "mark", text: t("ev_bot_for") }));
  const p = state.players.find((x) => x.id === card.player);
  if (p && p.bot) marks.push(node("span", { class: "mark bot", text: t("bot") }));
  return node("td", { class: cls || null }, card.label, ...marks);
}

function whereCell(m) {
  if (m.kind !== "match") return node("td");
  if (m.place === "real") return node("td", { class: "real", text: t("ev_at_real_table") });
  if (m.table) {
    const mine = you.table && you.table.id === m.table;
    return node("td", {}, node("a", { href: (m.decided ? "/replay/" : "/t/") + m.table,
      target: mine ? "_blank" : null, rel: mine ? "noopener" : null, text: m.decided ? t("replay") : (mine ? t("ev_play") : t("ev_watch")) }));
  }
  if (m.decided) return node("td", { text: t("ev_no_show") });
  if (m.called && m.due && m.due < Date.now() / 1000) {  // time is up and no table opened
    return node("td", { class: "waiting late", text: t("ev_both_absent") });
  }
  return node("td", { class: "waiting", text: m.called ? t("ev_waiting_players") : t("ev_waiting") });
}

function scoreText(m) {
  if (m.kind === "bye") return t("ev_bye");
  if (m.kind === "self") return t("ev_self");
  return m.score ? m.score[0] + ":" + m.score[1] : "–";
}

function renderRounds(e) {
  const out = [];
  for (let r = e.rounds; r >= 1; r--) {
    const rows = e.matches.filter((m) => m.round === r);
    const table = node("table", { class: "list pairings" },
      node("thead", {}, node("tr", {}, ...["ev_no",
        e.format === "preis" ? "ev_left_pot" : "ev_player", e.format === "preis" ? "ev_right_pot" : "ev_player",
        "result", "ev_where"].map((k) => node("th", { text: t(k) })),
        you.organiser ? node("th", {}) : null)));
    const body = node("tbody");
    const columns = you.organiser ? 6 : 5;
    let stage = null;
    for (const m of rows) {
      if (stageName(m) !== stage) {   // a heading row where the stage changes (T-4's groups)
        stage = stageName(m);
        body.append(node("tr", { class: "stage" }, node("td", { colspan: columns, text: stage })));
      }
      const mine = [m.a, m.b].some((c) => c && c.player === you.player);
      const tr_ = node("tr", { class: mine ? "mine" : null, "data-no": m.no },
        node("td", { text: String(m.no) }), sideCell(m, 0), sideCell(m, 1), node("td", { class: "score", text: scoreText(m) }), whereCell(m));
      if (you.organiser) {
        const cell = node("td");
        if (m.kind === "match" && !m.decided && !m.table) {
          const to = m.place === "real" ? "online" : "real";
          const button = node("button", { type: "button", class: "small", text: t("ev_move_" + to) });
          button.addEventListener("click", () => organiserCall("place", { no: m.no, place: to }));
          cell.append(button);
        }
        tr_.append(cell);
      }
      body.append(tr_);
    }
    table.append(body);
    const box = node("details", { class: "round", open: r === e.rounds ? true : null },
      node("summary", { text: tr("ev_round_n", { n: r }) + " · " + trn("ev_n_matches", rows.length) }),
      node("div", { class: "scroll" }, table));
    out.push(box);
  }
  if (!out.length) out.push(node("p", { class: "help", text: t("ev_no_draw") }));
  $("rounds").replaceChildren(...out);
}

function renderStandings(e) {
  const show = e.format !== "preis";
  $("standingsbox").hidden = !show;
  if (!show) return;
  $("standwhen").textContent = e.rounds ? (e.open ? trn("ev_during", e.open, { r: e.rounds }) : tr("ev_after", { r: e.rounds })) : t("ev_before");
  const head = node("thead", {}, node("tr", {}, ...["ev_rank", "ev_player", "ev_points",
    ...(e.format === "swiss" ? ["ev_buchholz"] : []), "ev_sb", "ev_bummerl_diff"].map((k) => node("th", { text: t(k) }))));
  const body = node("tbody", {}, ...e.standings.map((s) => node("tr", { class: s.player === you.player ? "mine" : null },
    node("td", { text: String(s.rank) }), node("td", { text: s.name }), node("td", { text: String(s.points) }),
    ...(e.format === "swiss" ? [node("td", { text: String(s.buchholz) })] : []),
    node("td", { text: String(s.sonneborn_berger) }), node("td", { text: String(s.bummerl_for - s.bummerl_against) }))));
  $("standings").replaceChildren(head, body);
}

function renderPrizes(e) {
  const head = node("thead", {}, node("tr", {}, ...["ev_prize", "ev_player", "ev_decided_by"].map((k) => node("th", { text: t(k) }))));
  const body = node("tbody", {}, ...e.prizes.map((p) => node("tr", { class: p.player === you.player && p.player !== null ? "mine" : null },
    node("td", { text: String(p.prize) }),
    node("td", { text: p.status === "won" ? (p.card || p.name) : t("ev_prize_" + p.status.replace(" ", "_")) }),
    node("td", { text: p.match ? tr("ev_match_n", { n: p.match }) : (p.status === "won" ? t("ev_by_standings") : "") }))));
  $("prizes").replaceChildren(head, body);
}

function renderYou(e) {
  const me = e.players.find((p) => p.id === you.player);
  $("regform").hidden = !!me || e.phase !== "registration";
  $("leaveline").hidden = !me || e.phase !== "registration";
  document.querySelectorAll("#regform .preis").forEach((el) => { el.hidden = e.format !== "preis"; });
  const lines = [];
  if (me) lines.push(node("p", { text: tr("ev_registered_as", { name: me.name }) + (e.format === "preis" ? " · " + trn("ev_n_cards", me.cards) : "") }));
  else if (you.organiser) lines.push(node("p", { class: "help", text: t("ev_you_organise") }));
  else if (e.phase !== "registration") lines.push(node("p", { class: "help", text: t("ev_watching") }));
  const table = you.table;
  $("mytable").hidden = !table;
  if (table) {
    localStorage.setItem("stich:seat:" + table.id, table.token);
    if (!localStorage.getItem("stich:deck")) localStorage.setItem("stich:deck", e.settings.deck);
    $("mytablelink").href = "/t/" + table.id;
    $("mytablelink").textContent = tr("ev_go_table", { n: table.no });
    if (lastTable !== table.id) {
      lastTable = table.id;
      document.title = "▶ " + tr("ev_go_table", { n: table.no });
    }
  } else {
    document.title = "stich – " + e.name;
    if (me && you.called) {
      const m = e.matches.find((x) => x.no === you.called);
      const left = m && m.due ? Math.max(0, (m.due - Date.now() / 1000) / 60) : 0;
      lines.push(node("p", { class: "called", text: tr("ev_called", { n: you.called, min: Math.ceil(left) }) }));
    } else if (me && e.phase !== "registration" && e.phase !== "finished") {
      const open = e.matches.filter((m) => !m.decided && [m.a, m.b].some((c) => c && c.player === me.id));
      const out = e.format === "preis" && me.live === 0;   // every card of his has lost (T-3)
      lines.push(node("p", { text: open.length ? t("ev_next_wait") : (out ? t("ev_out") : t("ev_no_match")) }));
    }
  }
  if (me) lines.push(...myMatches(e, me));
  $("mystatus").replaceChildren(...lines);
}

// The player's matches from his own side ("won 2:1 against Bert"), and the prizes he won.
function myMatches(e, me) {
  const items = [];
  for (const m of e.matches) {
    const sides = [m.a, m.b];
    const side = sides.findIndex((c) => c && c.player === me.id);
    if (side < 0 || m.kind === "self") continue;
    const other = sides[1 - side];
    const args = { n: m.no, stage: stageName(m), who: other ? other.label : "" };
    let key = "ev_my_open";
    if (m.kind === "bye") key = "ev_my_bye";
    else if (m.decided) {
      key = m.winner === side ? "ev_my_won" : "ev_my_lost";
      args.score = m.score[side] + ":" + m.score[1 - side];
    }
    items.push(node("li", { class: m.decided ? null : "open" }, tr(key, args)));
  }
  for (const p of e.prizes) if (p.player === me.id) items.push(node("li", { class: "prize", text: tr("ev_my_place", { n: p.prize }) }));
  return items.length ? [node("ul", { class: "plain mine" }, ...items)] : [];
}

// The settings form: filled from the event when opened; only what was changed is sent (the
// draw's settings can no longer change once round 1 is drawn, T-5).
const SETTING_FIELDS = [["s_cards", "cards", "settings"], ["s_max_cards", "max_cards", "settings"],
  ["s_rounds", "rounds", "settings"], ["s_bummerl", "bummerl", "settings"], ["s_prizes", "prizes", "settings"],
  ["s_deck", "deck", "settings"], ["s_tables", "tables", "online"], ["s_minutes", "no_show_minutes", "online"],
  ["s_rule", "no_show_rule", "online"], ["s_level", "bot_level", "online"]];

function settingValues(from) {
  const out = {};
  for (const [id, key, part] of SETTING_FIELDS) {
    let value = from ? from[part][key] : $(id).value;
    if (value === "" || value === undefined) value = null;
    if (value !== null && $(id).type === "number" || (value !== null && id === "s_bummerl")) value = Number(value);
    out[key] = value;
  }
  return out;
}

function fillSettings() {
  const values = settingValues(state);
  for (const [id, key] of SETTING_FIELDS) $(id).value = values[key] === null ? "" : String(values[key]);
  document.querySelectorAll("#setform .preis").forEach((el) => { el.hidden = state.format !== "preis"; });
  document.querySelectorAll("#setform .swiss").forEach((el) => { el.hidden = state.format !== "swiss"; });
}

function renderOrganiser(e) {
  $("orgbox").hidden = !you.organiser;
  if (!you.organiser) return;
  $("o_auto").checked = e.online.auto_draw;
  $("drawbtn").disabled = e.open > 0 || e.phase === "finished";
  $("undrawbtn").disabled = !e.rounds;
  const entries = you.entries || {};
  $("links").replaceChildren(...e.players.filter((p) => !p.bot && entries[p.id]).map((p) => {
    const url = location.origin + "/e/" + e.id + "#entry=" + entries[p.id];
    return node("li", {}, p.name + ": ", node("input", { readonly: true, value: url, class: "linkfield" }));
  }));
}

function render() {
  const e = state;
  $("evname").textContent = e.name;
  $("evsettings").textContent = settingsLine(e);
  $("evphase").textContent = phaseLine(e);
  renderYou(e);
  renderOrganiser(e);
  renderRounds(e);
  renderStandings(e);
  renderPrizes(e);
  $("players").replaceChildren(...e.players.map((p) => node("li", { class: p.id === you.player ? "me" : null },
    p.name, e.format === "preis" && p.cards > 1 ? " ×" + p.cards : "",
    p.bot ? node("span", { class: "mark bot", text: t("bot") + ": " + levelName(p.bot) }) : null,
    p.here ? node("span", { class: "mark here", text: t("ev_here") }) : null)));
}

function connect() {
  const query = new URLSearchParams();
  const entry = localStorage.getItem(entryKey);
  const org = localStorage.getItem(orgKey);
  if (entry) query.set("entry", entry);
  if (org) query.set("organiser", org);
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(proto + location.host + "/ws/e/" + eventId + "?" + query.toString());
  socket.onopen = () => { $("live").textContent = t("ev_live"); };
  socket.onmessage = (msg) => {
    const data = JSON.parse(msg.data);
    if (data.type === "event") { state = data.event; you = data.you; render(); }
    else if (data.type === "error") { $("live").textContent = errorText(data); }
  };
  socket.onclose = (ev) => {
    $("live").textContent = t("disconnected");
    if (ev.code !== 4404) setTimeout(connect, 2000);
  };
}

function reconnect() { if (socket) { socket.onclose = null; socket.close(); } connect(); }

async function organiserCall(step, body) {
  $("orgerror").textContent = "";
  try {
    const data = await api("/api/events/" + eventId + "/" + step, { organiser: localStorage.getItem(orgKey), ...(body || {}) });
    state = data.event; you = data.you; render();
    return true;
  } catch (e) { $("orgerror").textContent = errorText(e); return false; }
}

async function loadAudit() {
  try {
    const data = await api("/api/events/" + eventId + "/audit");
    $("audit").replaceChildren(
      ...data.audit.map((a) => node("li", { class: a.ok ? "ok" : "bad", text: tr("ev_round_n", { n: a.round }) + ": " + a.text })),
      ...data.trail.map((l) => node("li", { text: tr("ev_match_n", { n: l.no }) + " " + l.score + " · " + t("ev_trail_" + l.action.replace("-", "_")) + " · " + l.by + " · " + l.at.replace("T", " ").slice(0, 19) })));
  } catch (e) { $("audit").replaceChildren(node("li", { text: errorText(e) })); }
}

function bindEvent() {
  $("regform").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("youerror").textContent = "";
    try {
      const data = await api("/api/events/" + eventId + "/register", { name: $("r_name").value, cards: Number($("r_cards").value || 1) });
      localStorage.setItem(entryKey, data.entry);
      localStorage.setItem("stich:name", $("r_name").value);
      reconnect();
    } catch (e) { $("youerror").textContent = errorText(e); }
  });
  $("leavebtn").addEventListener("click", async () => {
    try {
      await api("/api/events/" + eventId + "/withdraw", { entry: localStorage.getItem(entryKey) });
      localStorage.removeItem(entryKey);
      reconnect();
    } catch (e) { $("youerror").textContent = errorText(e); }
  });
  $("drawbtn").addEventListener("click", () => organiserCall("draw"));
  $("undrawbtn").addEventListener("click", () => organiserCall("withdraw-round"));
  $("o_auto").addEventListener("change", () => organiserCall("configure", { auto_draw: $("o_auto").checked }));
  $("addform").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const bot = $("a_kind").value || null;
    if (await organiserCall("players", { entries: [{ name: $("a_name").value, cards: Number($("a_cards").value || 1), bot }] })) $("a_name").value = "";
  });
  $("csvfile").addEventListener("change", () => {
    const file = $("csvfile").files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      const data = String(reader.result).split(",", 2)[1] || "";
      organiserCall("import", { filename: file.name, data });
      $("csvfile").value = "";
    };
    reader.readAsDataURL(file);
  });
  $("resultform").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const ok = await organiserCall("result", { results: [[Number($("res_no").value), $("res_score").value]], correct: $("res_correct").checked });
    if (ok) { $("res_no").value = ""; $("res_score").value = ""; $("res_correct").checked = false; }
  });
  $("setbox").addEventListener("toggle", () => { if ($("setbox").open) fillSettings(); });
  $("setform").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const now = settingValues();
    const was = settingValues(state);
    const changed = {};
    for (const [k, v] of Object.entries(now)) if (v !== null && v !== was[k]) changed[k] = v;
    if (Object.keys(changed).length && await organiserCall("configure", changed)) $("setbox").open = false;
  });
  $("auditbox").addEventListener("toggle", () => { if ($("auditbox").open) loadAudit(); });
}

async function start() {
  applyWords();
  $("lang").textContent = t("language");
  document.querySelectorAll("[data-ph]").forEach((el) => { el.placeholder = t(el.dataset.ph); });
  await loadLevels();
  if (!eventId) { await showList(); return; }
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("entry")) {   // a link the organiser handed out: this browser is that player
    localStorage.setItem(entryKey, hash.get("entry"));
    history.replaceState(null, "", location.pathname);
  }
  $("r_name").value = localStorage.getItem("stich:name") || "";
  $("eventview").hidden = false;
  bindEvent();
  connect();
  setInterval(() => { if (state) render(); }, 20000);   // the minutes left to appear count down
}

start();
