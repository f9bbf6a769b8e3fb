// A finished match step by step (stich.web.replay): jump to any deal and trick (lists, a
// slider, the keyboard), "how the search values each move here" for the seat to act, and the
// seed commitment checked here, in the browser.
"use strict";

const tableId = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
let data = null;
let step = 0;
let deals = [];            // per deal: {start, end, leads: the steps before each trick's lead}
let marks = [];            // every deal start and lead, in order: the trick jumps
const analyses = new Map();  // step -> the server's answer (it keeps them too)

function deck() {
  return localStorage.getItem("stich:deck") || (data.table.game === "jass" ? "swiss" : "german");
}

function names() { return data.record.seats; }

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cardNode(code) {
  const wrap = document.createElement("span");
  wrap.innerHTML = cardSvg(code, deck());
  const svg = wrap.firstChild;
  svg.setAttribute("aria-label", cardName(code, deck()));
  return svg;
}

async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function checkCommitment() {
  // The downloadable record itself, read as text: its seed has more digits than a JavaScript
  // number keeps, so it is taken from the JSON text as written.
  const text = await (await fetch("/api/tables/" + tableId + "/record")).text();
  const record = JSON.parse(text);
  const box = $("commitment");
  const seed = (text.match(/"seed":\s*(\d+)/) || [])[1];
  if (!seed) { box.textContent = t("sealed"); return; }
  const digest = await sha256Hex(record.salt + ":" + seed);
  const ok = digest === record.seed_commitment;
  box.textContent = ok ? t("verified") : t("not_verified");
  box.dataset.verified = ok ? "yes" : "no";
}

// Where each deal starts and each trick is led (the step before its first card: the leader
// to act), from the frames' deal and trick counters.
function index() {
  deals = [];
  data.frames.forEach((frame, n) => {
    const deal = deals[frame.deal] || (deals[frame.deal] = { start: n, end: n, leads: [] });
    deal.end = n;
    const before = data.frames[n - 1];
    if (before && before.deal === frame.deal && frame.trick > before.trick) deal.leads.push(n - 1);
  });
  marks = [...new Set(deals.flatMap((d) => [d.start, ...d.leads]))].sort((a, b) => a - b);
  $("deals").replaceChildren(...deals.map((d, n) => {
    const option = el("option", "", tr("deal_n", { n: n + 1 }));
    option.value = String(n);
    return option;
  }));
  $("slider").max = String(data.frames.length - 1);
}

function dealOf(n) { return data.frames[n].deal; }

function fillTricks() {
  const deal = deals[dealOf(step)];
  const first = el("option", "", t("before_tricks"));
  first.value = String(deal.start);
  const options = [first, ...deal.leads.map((lead, n) => {
    const option = el("option", "", tr("trick_n", { n: n + 1 }));
    option.value = String(lead);
    return option;
  })];
  $("tricks").replaceChildren(...options);
  const current = [deal.start, ...deal.leads].filter((s) => s <= step).pop();
  $("tricks").value = String(current);
}

function go(n) {
  step = Math.max(0, Math.min(data.frames.length - 1, n));
  show();
}

function actionText(frame) {
  if (!frame.action) return "";
  const name = names()[frame.seat] || "?";
  if (frame.action.startsWith("{")) return name + ": " + t("res_forfeit");  // a forfeit (S-12)
  return name + ": " + actionName(frame.action, deck());
}

// A card with the name of whoever played it under it.
function placed(code, seat, who) {
  const figure = el("figure", "placed");
  figure.append(cardNode(code));
  if (seat !== null && seat !== undefined) figure.append(el("figcaption", "", who[seat] || "?"));
  return figure;
}

// The trick in play, else the last trick and who played each card; the trump card under the
// stock (Schnapsen, S-2) while there is one.
function drawTable(view, who) {
  const trick = (view.trick || []).map((c) => Array.isArray(c) ? c : [null, c]);
  const shown = trick.length || !view.last_trick ? trick : view.last_trick;
  const label = trick.length || !view.last_trick ? t("trick") : t("last_trick");
  const pile = el("div", "cards");
  pile.append(...shown.map(([seat, code]) => placed(code, seat, who)));
  const parts = [el("span", "label", label), pile];
  if (view.trump_card && view.stock_size) {
    const trump = el("div", "trumpcard");
    trump.append(el("span", "label", t("trump")), cardNode(view.trump_card));
    parts.push(trump);
  }
  $("trick").replaceChildren(...parts);
}

// Each hand on one line, overlapped where the page is narrow (cards.js), so every index stays
// in view at its full size.
function fanHands() { document.querySelectorAll("#hands td.cards").forEach(fanRow); }
window.addEventListener("resize", () => fanHands());

function show() {
  const frame = data.frames[step];
  const who = names();
  $("slider").value = String(step);
  $("deals").value = String(frame.deal);
  fillTricks();
  $("step").textContent = tr("step_of", { n: step, total: data.frames.length - 1 }) + " · " +
    tr("deal_n", { n: frame.deal + 1 });
  $("action").textContent = actionText(frame);
  $("ended").textContent = frame.ended ? resultText(frame.ended, who) : "";
  $("hands").replaceChildren(...frame.hands.map((hand, n) => {
    const row = el("tr", frame.to_act === n ? "to-act" : "");
    row.append(el("td", "who", (who[n] || "?") + (frame.to_act === n ? " ◀" : "")));
    const cards = el("td", "cards");
    cards.append(...hand.map(cardNode));
    row.append(cards);
    return row;
  }));
  fanHands();
  drawTable(frame.view, who);
  $("board").textContent = scoreText(frame.match, who);
  $("prev").disabled = step === 0;
  $("next").disabled = step === data.frames.length - 1;
  $("analyse").disabled = frame.to_act === null || frame.to_act === undefined;
  drawAnalysis();
}

function valueText(value) {
  return value.toLocaleString(currentLang(), { minimumFractionDigits: 2, maximumFractionDigits: 2,
                                               signDisplay: "exceptZero" });
}

// The answer for this step as a small table, best first, the move the seat made marked.
function drawAnalysis() {
  const box = $("analysis");
  const answer = analyses.get(step);
  if (!answer) { box.replaceChildren(); return; }
  if (answer.error) { box.replaceChildren(el("p", "error", errorText(answer.error))); return; }
  const name = names()[answer.seat] || "?";
  const how = answer.exact ? tr("analysis_exact", { name })
    : tr("analysis_worlds", { name, worlds: answer.worlds, distinct: answer.distinct });
  const unit = t(data.table.game === "jass" ? "unit_jass" : "unit_points");
  const table = el("table", "analysis");
  const head = el("tr");
  head.append(el("th", "", t("col_move")), el("th", "num", t("col_value")), el("th", "", ""));
  table.append(el("thead"));
  table.firstChild.append(head);
  const body = el("tbody");
  const ranked = answer.values.map((v, n) => [v, n]).sort((a, b) => b[0].value - a[0].value || a[1] - b[1]);
  for (const [v] of ranked) {
    const played = v.action === answer.played;
    const row = el("tr", played ? "played" : "");
    row.dataset.action = v.action;
    row.append(el("td", "move", actionName(v.action, deck())), el("td", "num", valueText(v.value)),
               el("td", "made", played ? t("played_mark") : ""));
    body.append(row);
  }
  table.append(body);
  const command = el("p", "help command", answer.command);
  box.replaceChildren(el("p", "head", tr("analysis_head", { name })), el("p", "help", how),
                      el("p", "help", unit), table, command);
}

async function analyse() {
  const at = step;
  const frame = data.frames[at];
  if (frame.to_act === null || frame.to_act === undefined || analyses.has(at)) return;
  $("analyse").disabled = true;
  $("analysis").replaceChildren(el("p", "help", t("analysing")));
  const answer = await fetch("/api/tables/" + tableId + "/analysis/" + at);
  const body = await answer.json();
  analyses.set(at, answer.ok ? body : { error: body });
  if (step !== at) return;
  show();
  $("analysis").scrollIntoView({ block: "nearest" });
}

function around(list, forward) {
  return forward ? list.find((s) => s > step) : [...list].reverse().find((s) => s < step);
}

function onKey(e) {
  const tag = e.target && e.target.tagName;
  if (e.altKey || e.ctrlKey || e.metaKey || tag === "TEXTAREA") return;
  if (e.key === "a" && !(tag === "INPUT" && e.target.type !== "range")) { e.preventDefault(); analyse(); return; }
  if (tag === "INPUT" || tag === "SELECT") return;  // the slider and lists move by themselves
  const starts = deals.map((d) => d.start);
  const target = {
    ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: data.frames.length - 1,
    ArrowDown: around(marks, true), ArrowUp: around(marks, false),
    PageDown: around(starts, true), PageUp: around(starts, false),
  }[e.key];
  if (!(e.key in { ArrowRight: 1, ArrowLeft: 1, Home: 1, End: 1, ArrowDown: 1, ArrowUp: 1, PageDown: 1, PageUp: 1 })) return;
  e.preventDefault();
  if (target !== undefined) go(target);
}

async function start() {
  applyWords();
  $("lang").textContent = t("language");
  $("slider").setAttribute("aria-label", t("step_label"));
  const answer = await fetch("/api/tables/" + tableId + "/replay");
  const body = await answer.json();
  if (!answer.ok) { $("action").textContent = errorText(body); return; }
  data = body;
  $("download").href = "/api/tables/" + tableId + "/record";
  index();
  $("prev").addEventListener("click", () => go(step - 1));
  $("next").addEventListener("click", () => go(step + 1));
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  $("deals").addEventListener("change", () => go(deals[Number($("deals").value)].start));
  $("tricks").addEventListener("change", () => go(Number($("tricks").value)));
  $("analyse").addEventListener("click", analyse);
  $("deck").replaceChildren(...["german", "french", "swiss"].map((name) => {
    const option = el("option", "", t("deck_" + name));
    option.value = name;
    return option;
  }));
  $("deck").value = deck();
  $("deck").addEventListener("change", () => { localStorage.setItem("stich:deck", $("deck").value); show(); });
  document.addEventListener("keydown", onKey);
  show();
  await checkCommitment();
}

start();
