// The flow of a match on the table page (docs/web.md, "Between deals"): the end-of-deal panel
// that stays until you continue, the end-of-match panel with its Rematch, the second look
// before a costly action (S-7, S-8, S-11: the server puts `warnings` into a soft seat's view),
// the move clock, resigning. table.js hands every message to flowReceive() and every action to
// flowSend(); the panels use table.js's socket, seat, view, names() and cardNode().
"use strict";

const flow = { dealEnd: null, matchOver: null, clock: null, clockTicker: null, asked: new Set() };

function flowNode(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// One overlay per kind of panel, made once, on top of the table (nothing below the fold).
function flowBox(id) {
  let box = document.getElementById(id);
  if (!box) {
    box = flowNode("section", "panel flowpanel");
    box.id = id;
    box.hidden = true;
    box.setAttribute("role", "dialog");
    document.body.appendChild(box);
  }
  return box;
}

function flowSendRaw(body) {
  if (socket && socket.readyState === 1 && !watching) socket.send(JSON.stringify(body));
}

function flowReceive(message) {
  switch (message.type) {
    case "deal_end": flow.dealEnd = message; staleAsk(null); renderDealEnd(); redrawTable(); break;
    case "continued": if (flow.dealEnd) { flow.dealEnd.continued = message.seats; renderDealEnd(); } break;
    case "deal": hideDealEnd(); redrawTable(); break;
    case "match_over": flow.matchOver = message; flowBox("dealend").hidden = true; renderMatchOver(); break;
    case "rematch_asked": if (flow.matchOver) { flow.matchOver.rematch = message.seats; renderMatchOver(); } break;
    case "rematch": goRematch(message); break;
    case "clock": flow.clock = message.clock ? { ...message.clock, at: Date.now() } : null; renderClock(); break;
    case "view":
      if (flow.dealEnd && message.deal > flow.dealEnd.deal) { hideDealEnd(); redrawTable(); }
      staleAsk(message.deal + ":" + message.moves);
      flow.clock = message.clock ? { ...message.clock, at: Date.now() } : null;
      renderClock(); renderResign(); break;
    case "seats":
      renderResign();
      if (typeof ownerControls === "function") ownerControls({ seats: message.seats, status: message.status });
      break;
    case "hello": if (typeof ownerControls === "function") ownerControls(message.table); break;
  }
}

// The table's status line and turn cues follow the panels: no "your turn" while a finished
// deal's panel is up (table.js's render asks dealEndShown()).
function dealEndShown() { return !!flow.dealEnd; }
function redrawTable() { if (typeof render === "function" && view) render(); }

// A second look asked about a position the table has left (the action went on a second
// click, or the deal ended) is taken down: it would answer for a move no longer there.
function staleAsk(position) {
  const box = document.getElementById("confirm");
  if (box && !box.hidden && box.dataset.position && box.dataset.position !== position) {
    box.hidden = true;
    delete box.dataset.position;
  }
}

// --- the end of a deal ------------------------------------------------------------------------
function sideName(side) { const all = names(); return side.map((s) => all[s] || "?").join(" & "); }

function ruleText(rule) {
  const args = { ...rule };
  if (rule.contract) args.contract = contractName(rule.contract, deck());
  if (rule.side) args.names = sideName(rule.side);
  if (typeof rule.seat === "number") args.name = names()[rule.seat] || "?";
  return tr("rule_" + rule.kind, args) + " (" + rule.rule + ")";
}

// A label over one row of cards at the table's size, fanned (cards.js) once it is drawn.
function cardsRow(label, codes) {
  const row = flowNode("div", "flowcards");
  const cards = flowNode("div", "flowfan");
  for (const code of codes) cards.append(cardNode(code));
  row.append(flowNode("span", "label", label), cards);
  return row;
}

function fanPanel(box) { box.querySelectorAll(".flowfan").forEach(fanRow); }

function renderDealEnd() {
  const d = flow.dealEnd;
  const box = flowBox("dealend");
  if (!d) { box.hidden = true; return; }
  box.replaceChildren();
  box.append(flowNode("h2", "", tr("deal_over_n", { n: d.deal + 1 })));
  const winners = d.winners.map((s) => names()[s] || "?").join(" & ");
  box.append(flowNode("p", "flowhow", tr(d.winners.length > 1 ? "deal_won_by_many" : "deal_won_by",
    { names: winners || t("nobody"), reason: reasonName(d.reason) })));
  const table = flowNode("table", "flowtable");
  const head = flowNode("tr");
  for (const word of ["", t("card_points"), t("tricks"), t("game_points")]) head.append(flowNode("th", "", word));
  table.append(head);
  d.sides.forEach((side, index) => {
    const row = flowNode("tr", d.winners.includes(side[0]) ? "won" : "");
    row.append(flowNode("td", "", sideName(side)), flowNode("td", "num", String(d.card_points[index])),
      flowNode("td", "num", String(d.tricks[index])), flowNode("td", "num", String(d.game_points[index])));
    table.append(row);
  });
  box.append(table);
  if (d.rules.length) box.append(flowNode("p", "flowrules", d.rules.map(ruleText).join(" · ")));
  if (d.last_trick && d.last_trick.length) {
    box.append(cardsRow(t("last_trick"), d.last_trick.map((entry) => Array.isArray(entry) ? entry[1] : entry)));
  }
  if (d.proof) {
    const row = cardsRow(tr("proof_tricks", { name: names()[d.proof.seat] || "?", points: d.proof.points }), d.proof.cards);
    if (!d.proof.cards.length) row.querySelector(".flowfan").append(flowNode("span", "", t("no_tricks_taken")));
    box.append(row);
  }
  if (!watching && seat !== null) {
    const done = (d.continued || []).includes(seat);
    const button = flowNode("button", "primary", t("continue"));
    button.id = "continue";
    button.disabled = done;
    button.onclick = () => { flowSendRaw({ type: "continue" }); button.disabled = true; };
    box.append(button);
    if (done) box.append(flowNode("p", "help", t("waiting_others")));
  }
  box.append(flowNode("p", "help", tr("next_deal_in", { s: Math.round(d.wait) })));
  box.hidden = false;
  fanPanel(box);
  if (!watching) { const button = document.getElementById("continue"); if (button && !button.disabled) button.focus(); }
}

function hideDealEnd() { flow.dealEnd = null; flowBox("dealend").hidden = true; }

// --- the end of a match -----------------------------------------------------------------------
function lastScoreText(m) {
  if (m.how === "target" && m.state && m.state.scores) {   // Jass: both teams' totals (J-7)
    return tr("target_last", { names: [[0, 2], [1, 3]].map(sideName).join(" : "),
                               score: m.state.scores.join(":"), target: m.state.target });
  }
  const last = m.last;
  if (!last) return "";
  if (m.how === "race") {
    const parties = last.score.length === 2 && names().length === 4 ? [[0, 2], [1, 3]].map(sideName) : names();
    return tr("race_last", { score: last.score.join(":"), names: parties.join(" : "), bummerl: last.bummerl }) +
      (last.kind === "schneider" ? " · " + t("rule_schneider") : last.kind === "retourschneider" ? " · " + t("retourschneider") : "");
  }
  if (m.how === "bummerl" || m.how === "rubber") {
    return tr("bummerl_last", { loser: names()[last.loser] || "?", bummerl: last.bummerl }) +
      (last.schneider ? " · " + t("rule_schneider") + " (S-10)" : "");
  }
  return "";
}

function renderMatchOver() {
  const m = flow.matchOver;
  const box = flowBox("matchover");
  if (!m) { box.hidden = true; return; }
  box.replaceChildren();
  box.append(flowNode("h2", "", t("match_over")));
  const winners = m.winners.map((s) => m.names[s] || "?").join(" & ");
  box.append(flowNode("p", "flowwinner", tr(m.winners.length > 1 ? "match_won_by_many" : "match_won_by",
    { names: winners || t("nobody") })));
  if (m.how === "resigned") box.append(flowNode("p", "", tr("match_resigned", { name: m.names[m.seat] || "?" })));
  const last = lastScoreText(m);
  if (last) box.append(flowNode("p", "flowlast", last));
  const d = flow.dealEnd;   // the deal that ended the match, in one line
  if (d && m.how !== "resigned") {
    const won = d.winners.map((s) => m.names[s] || "?").join(" & ");
    const points = Math.max(...d.game_points);
    box.append(flowNode("p", "flowlastdeal", tr("last_deal_line", { names: won, reason: reasonName(d.reason), points })));
  }
  const board = flowNode("div", "flowboard");
  board.innerHTML = m.board || "";   // drawn by the server, every name escaped (scoreboard.py)
  box.append(board);
  if (!watching && seat !== null && !m.table) {
    const asked = (m.rematch || []).includes(seat);
    const button = flowNode("button", "primary", t("rematch"));
    button.id = "rematch";
    button.disabled = asked;
    button.onclick = () => { flowSendRaw({ type: "rematch" }); button.disabled = true; };
    box.append(button);
    if ((m.rematch || []).length) {
      box.append(flowNode("p", "help", tr("rematch_asked", { names: m.rematch.map((s) => m.names[s] || "?").join(", ") })));
    }
  }
  if (m.table) {
    const link = flowNode("a", "", t("to_rematch"));
    link.href = "/t/" + encodeURIComponent(m.table);
    box.append(flowNode("p", "", ""), link);
  }
  const close = flowNode("button", "", t("close_panel"));
  close.onclick = () => { box.hidden = true; };
  box.append(close);
  box.hidden = false;
  // the keyboard alone: Enter asks for the rematch, as Continue is focused after a deal
  const rematch = document.getElementById("rematch");
  if (rematch && !rematch.disabled) rematch.focus();
}

function goRematch(message) {
  if (message.token) localStorage.setItem("stich:seat:" + message.table, message.token);
  location.href = "/t/" + encodeURIComponent(message.table);
}

// --- a second look before a costly action (S-7, S-8; soft only, S-11) ------------------------
// true: the page asks first (the action goes once the player says yes).
function flowSend(action, sendNow) {
  const warning = view && view.warnings ? view.warnings[action] : null;
  const key = action + "@" + (view ? view.deal + ":" + view.moves : "");
  if (!warning || flow.asked.has(key)) return false;
  flow.asked.add(key);   // asks once: a second click goes through
  const box = flowBox("confirm");
  box.replaceChildren();
  box.dataset.position = view ? view.deal + ":" + view.moves : "";
  const words = warning.verb === "claim" ? "confirm_claim" : "confirm_close";
  box.append(flowNode("p", "", tr(words, { points: warning.points, reachable: warning.reachable }) + " (" + warning.rule + ")"));
  const yes = flowNode("button", "primary", t(warning.verb === "claim" ? "claim_anyway" : "close_anyway"));
  yes.id = "confirmyes";
  const no = flowNode("button", "", t("cancel"));
  no.id = "confirmno";
  yes.onclick = () => { box.hidden = true; sendNow(action); };
  no.onclick = () => { box.hidden = true; flow.asked.delete(key); };
  box.append(yes, no);
  box.hidden = false;
  no.focus();
  return true;
}

// --- the move clock ---------------------------------------------------------------------------
function renderClock() {
  const box = flowBox("clock");
  box.className = "flowclock";
  box.removeAttribute("role");
  if (flow.clockTicker) { clearInterval(flow.clockTicker); flow.clockTicker = null; }
  if (!flow.clock) { box.hidden = true; return; }
  const tick = () => {
    const c = flow.clock;
    if (!c) return;
    const left = Math.max(0, Math.ceil(c.left - (Date.now() - c.at) / 1000));
    box.textContent = tr("clock_left", { name: names()[c.seat] || "?", s: left });
    box.classList.toggle("low", left <= 10);
  };
  tick();
  box.hidden = false;
  flow.clockTicker = setInterval(tick, 500);
}

// --- resigning --------------------------------------------------------------------------------
function renderResign() {
  const box = flowBox("resignbox");
  box.className = "flowresign";
  box.removeAttribute("role");
  const running = info && info.status === "running" && !(view && view.over);
  if (watching || seat === null || !running) { box.hidden = true; return; }
  if (!box.firstChild) {
    const button = flowNode("button", "", t("resign"));
    button.id = "resign";
    button.onclick = () => {
      const ask = flowBox("confirm");
      delete ask.dataset.position;   // resigning is asked whatever the position
      ask.replaceChildren(flowNode("p", "", t("confirm_resign")));
      const yes = flowNode("button", "primary", t("resign"));
      yes.id = "resignyes";
      const no = flowNode("button", "", t("cancel"));
      yes.onclick = () => { ask.hidden = true; flowSendRaw({ type: "resign" }); };
      no.onclick = () => { ask.hidden = true; };
      ask.append(yes, no);
      ask.hidden = false;
    };
    box.append(button);
  }
  box.hidden = false;
}
