// Ratings beside names (docs/web.md, "Ratings"): an account's rating in a game as mu ± sigma
// (openskill's scale, a newcomer 25.0 ± 8.3), a BOT mark for a bot's account. The lobby's lists
// ask /api/ratings/<game> for their names, a few at once; the table asks
// /api/tables/<id>/ratings for its seats (ratingsReceive, called by table.js). Names reach the
// page as text only.
"use strict";

function ratingText(r) { return r.mu.toFixed(1) + " ± " + r.sigma.toFixed(1); }

function ratingTitle(r) {
  return tr("rating_title", { mu: r.mu.toFixed(1), sigma: r.sigma.toFixed(1), games: r.games,
                              low: r.conservative.toFixed(1) });
}

function rtNode(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined) el.textContent = text;
  return el;
}

// The small marks after a name: BOT for a bot's account, then the rating.
function ratingMarks(r) {
  const out = [];
  if (!r) return out;
  if (r.bot) out.push(rtNode("span", "botmark", t("bot_account")));
  const mark = rtNode("span", "rating", ratingText(r));
  mark.title = ratingTitle(r);
  out.push(mark);
  return out;
}

// --- the lobby's lists: names asked about per game, a batch a moment -------------------------
const ratingAsked = {};   // game -> {names: Set, waiting: [[name, box]]}

function flushRatings(game) {
  const batch = ratingAsked[game];
  delete ratingAsked[game];
  const names = [...batch.names].slice(0, 50);
  const query = names.map((n) => "name=" + encodeURIComponent(n)).join("&");
  fetch("/api/ratings/" + encodeURIComponent(game) + "?" + query)
    .then((answer) => (answer.ok ? answer.json() : { ratings: {} }))
    .then((data) => {
      for (const [name, box] of batch.waiting) box.replaceChildren(...ratingMarks(data.ratings[name]));
    })
    .catch(() => {});
}

// The marks of a name's account in a game, filled in once known (asked with the other names
// of the moment in one request).
function ratingBox(game, name) {
  const box = rtNode("span", "marks");
  if (!ratingAsked[game]) {
    ratingAsked[game] = { names: new Set(), waiting: [] };
    setTimeout(() => flushRatings(game), 0);
  }
  ratingAsked[game].names.add(name);
  ratingAsked[game].waiting.push([name, box]);
  return box;
}

// A list's names, each followed by its account's rating in the game once it is known.
function ratedNames(game, names) {
  const out = rtNode("span", "ratednames");
  names.forEach((name, n) => {
    if (n) out.append(", ");
    const shown = name || "…";
    out.append(rtNode("span", "name", shown));
    if (name) out.append(ratingBox(game, name));
  });
  return out;
}

// --- the table: its seats' ratings ------------------------------------------------------------
let tableRatingsNow = null;
let tableRatingsKey = "";

function seatRatingMarks(n) {
  const seatsNow = tableRatingsNow ? tableRatingsNow.seats : [];
  return ratingMarks(seatsNow[n]);
}

// Whether this match is rated, as it stands (before the away rule).
function ratedLine() {
  const r = tableRatingsNow;
  if (!r || r.unrated === "waiting") return "";
  return r.rated ? t("rated_match") : t("unrated_" + r.unrated);
}

async function loadTableRatings(tableId) {
  const answer = await fetch("/api/tables/" + encodeURIComponent(tableId) + "/ratings");
  if (!answer.ok) return;
  const before = JSON.stringify(tableRatingsNow);
  tableRatingsNow = await answer.json();
  const line = document.getElementById("ratedline");
  if (line) line.textContent = ratedLine();
  if (JSON.stringify(tableRatingsNow) === before || !info) return;
  // redrawn as a seats message redraws (table.js): the whole view once there is one
  if (view) render(); else renderSeats(seats.length ? seats : info.seats);
}

// table.js hands every message here: the ratings are asked again when somebody takes a seat
// and when the match is over (they have moved).
function ratingsReceive(message) {
  let list = null;
  if (message.type === "hello") list = message.table.seats;
  else if (message.type === "seats") list = message.seats;
  if (list) {
    const key = list.map((s) => (s.joined ? s.name : "")).join("\u0000");
    if (key === tableRatingsKey) return;
    tableRatingsKey = key;
  } else if (message.type !== "match_over") return;
  if (!document.getElementById("ratedline")) {
    const watch = document.getElementById("watch");
    const line = rtNode("div", "info");
    line.id = "ratedline";
    if (watch) watch.after(line);
  }
  loadTableRatings(tableId);
}
