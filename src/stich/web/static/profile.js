// An account's profile (docs/web.md, "Profiles"): its rating in each game with its history as a
// small drawn line, its matches played and won per game, Schneider and Bummerl given and taken,
// and its finished matches with their replays, unless the account hides them from others.
// Names reach the page as text only; the line is SVG made as DOM nodes.
"use strict";

const profileName = decodeURIComponent(location.pathname.slice("/u/".length));
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function link(href, text) {
  const a = el("a", "", text);
  a.href = href;
  return a;
}

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function word(pair, fallback) { return (pair && (pair[currentLang()] || pair.en)) || fallback; }

// The rating over the rated matches: mu as a line, mu ± sigma as a band, the start at 25.
function sparkline(points) {
  const w = 240, h = 56, pad = 3;
  const mus = [points[0].mu_before, ...points.map((p) => p.mu)];
  const sig = [points[0].sigma_before, ...points.map((p) => p.sigma)];
  const lo = Math.min(...mus.map((m, i) => m - sig[i])), hi = Math.max(...mus.map((m, i) => m + sig[i]));
  const x = (i) => pad + (i * (w - 2 * pad)) / Math.max(1, mus.length - 1);
  const y = (v) => h - pad - ((v - lo) * (h - 2 * pad)) / Math.max(1e-9, hi - lo);
  const line = mus.map((m, i) => x(i).toFixed(1) + "," + y(m).toFixed(1)).join(" ");
  const upper = mus.map((m, i) => x(i).toFixed(1) + "," + y(m + sig[i]).toFixed(1));
  const lower = mus.map((m, i) => x(i).toFixed(1) + "," + y(m - sig[i]).toFixed(1)).reverse();
  const box = svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "spark", role: "img" });
  box.setAttribute("aria-label", tr("spark_label", { from: mus[0].toFixed(1), to: mus[mus.length - 1].toFixed(1), n: points.length }));
  box.append(svg("polygon", { points: [...upper, ...lower].join(" "), fill: "#8fd0ff", "fill-opacity": 0.25 }));
  box.append(svg("polyline", { points: line, fill: "none", stroke: "#ffd54a", "stroke-width": 2 }));
  const last = mus.length - 1;
  box.append(svg("circle", { cx: x(last), cy: y(mus[last]), r: 3, fill: "#ffd54a" }));
  return box;
}

function gameTitle(games, game) {
  const g = games.find((x) => x.game === game);
  return g ? word(g.words.game, game) : game;
}

function ratingCards(games, data) {
  if (!data.ratings.length) return [el("p", "help", t("no_ratings"))];
  return data.ratings.map((r) => {
    const card = el("div", "ratingcard");
    card.dataset.game = r.game;
    const head = el("div", "cardhead");
    head.append(el("span", "gametitle", gameTitle(games, r.game)));
    const value = el("span", "rating big", ratingText(r));
    value.title = ratingTitle(r);
    head.append(value);
    card.append(head, el("div", "help", tr("rating_place", { place: r.place, games: r.games })));
    const points = (data.history || {})[r.game];
    if (points && points.length) card.append(sparkline(points));
    return card;
  });
}

// One column per game played, one row per count (a phone has room for four short columns).
function countRows(games, rows) {
  const short = (game) => gameTitle(games, game).replace(/ \(.*\)$/, "");
  const head = el("tr");
  head.append(el("th", ""), ...rows.map((g) => el("th", "num", short(g.game))));
  const line = (key, value) => {
    const row = el("tr");
    row.dataset.count = key;
    row.append(el("th", "", t(key)), ...rows.map((g) => el("td", "num", value(g))));
    return row;
  };
  const thead = el("thead");
  thead.append(head);
  const tbody = el("tbody");
  tbody.append(line("col_played", (g) => String(g.played)), line("col_won", (g) => String(g.won)),
               line("col_schneider", (g) => g.schneider_given + " : " + g.schneider_taken),
               line("col_bummerl", (g) => (g.game === "jass" ? "–" : g.bummerl_given + " : " + g.bummerl_taken)));
  return [thead, tbody];
}

function matchItem(games, m) {
  const g = games.find((x) => x.game === m.game);
  const preset = g ? g.words.presets[m.preset] : null;
  const title = gameTitle(games, m.game) + " · " + word(preset && preset.label, m.preset);
  const li = el("li");
  li.append(el("span", "matchtitle", title + ": "), ratedNames(m.game, m.seats), " ");
  if (m.won !== null && m.won !== undefined) li.append(el("span", m.won ? "won" : "lost", t(m.won ? "match_won" : "match_lost")), " ");
  if (m.rated) {
    const sign = m.change >= 0 ? "+" : "−";
    li.append(el("span", "change", tr("rating_change", { change: sign + Math.abs(m.change).toFixed(1) })), " ");
  } else if (m.unrated) {
    li.append(el("span", "help", t("unrated_" + m.unrated)), " ");
  }
  li.append("– ", link(m.replay || "/replay/" + encodeURIComponent(m.id), t("replay")));
  return li;
}

async function show() {
  $("lang").textContent = t("language");
  $("title").textContent = tr("profile_of", { name: profileName });
  const answer = await fetch("/api/accounts/" + encodeURIComponent(profileName) + "/profile");
  const data = await answer.json();
  if (!answer.ok) { $("error").textContent = errorText(data); $("ratings").hidden = true; return; }
  const games = await (await fetch("/api/games")).json();
  if (data.bot) $("title").append(" ", el("span", "botmark", t("bot_account")));
  $("ratings").replaceChildren(...ratingCards(games, data));
  if (!data.visible) {
    $("error").textContent = tr("err_profile_hidden", { name: profileName });
    $("matches").hidden = true;
    return;
  }
  if (data.hidden && data.own) { $("hiddennote").hidden = false; $("hiddennote").textContent = t("profile_hidden_own"); }
  if (data.games.length) {
    $("countsection").hidden = false;
    $("counts").replaceChildren(...countRows(games, data.games));
  }
  const items = data.matches.map((m) => matchItem(games, m));
  if (!items.length) items.push(el("li", "", t("no_matches")));
  $("matches").replaceChildren(...items);
}

async function start() {
  applyWords();
  try { await show(); } finally { document.body.dataset.ready = "1"; }
}

start();
