// The leaderboard (docs/web.md, "Ratings"): a tab per game, the people rated in it best first by
// mu - 3 sigma, and apart from them the bots' accounts. The game is the page's #hash. Names
// reach the page as text only.
"use strict";

const $ = (id) => document.getElementById(id);
let games = [];

function word(pair, fallback) { return (pair && (pair[currentLang()] || pair.en)) || fallback; }

function cell(tag, text, cls) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined) el.textContent = text;
  return el;
}

function boardRows(table, rows) {
  const head = document.createElement("tr");
  for (const [key, cls] of [["lb_place", "num"], ["lb_name", ""], ["lb_rating", "num"],
                            ["lb_conservative", "num wide"], ["lb_games", "num"]]) {
    head.append(cell("th", t(key), cls));
  }
  const body = rows.map((r) => {
    const tr = document.createElement("tr");
    const name = cell("td", undefined, "who");
    const link = cell("a", r.name);
    link.href = "/u/" + encodeURIComponent(r.name);
    name.append(link);
    if (r.bot) name.append(" ", cell("span", t("bot_account"), "botmark"));
    const rating = cell("td", ratingText(r), "num");
    rating.title = ratingTitle(r);
    tr.append(cell("td", String(r.place), "num"), name, rating,
              cell("td", r.conservative.toFixed(1), "num wide"), cell("td", String(r.games), "num"));
    return tr;
  });
  const thead = document.createElement("thead");
  thead.append(head);
  const tbody = document.createElement("tbody");
  tbody.append(...body);
  table.replaceChildren(thead, tbody);
}

async function show(game) {
  const g = games.find((x) => x.game === game) || games[0];
  document.querySelectorAll("#tabs button").forEach((b) => {
    b.setAttribute("aria-selected", String(b.dataset.game === g.game));
  });
  const preset = g.words.presets[g.presets[0]];
  $("boardtitle").textContent = word(g.words.game, g.game);
  $("boardhelp").textContent = tr("lb_help", { preset: word(preset && preset.label, g.presets[0]) });
  const answer = await fetch("/api/leaderboard/" + encodeURIComponent(g.game));
  const data = await answer.json();
  if (!answer.ok) { $("error").textContent = errorText(data); return; }
  boardRows($("people"), data.people);
  $("people").hidden = !data.people.length;
  $("peopleempty").hidden = !!data.people.length;
  $("peopleempty").textContent = t("lb_empty");
  $("botsection").hidden = !data.bots.length;
  boardRows($("bots"), data.bots);
}

async function start() {
  applyWords();
  $("lang").textContent = t("language");
  games = await (await fetch("/api/games")).json();
  $("tabs").replaceChildren(...games.map((g) => {
    const b = cell("button", word(g.words.game, g.game).replace(/ \(.*\)$/, ""));
    b.dataset.game = g.game;
    b.setAttribute("role", "tab");
    b.addEventListener("click", () => { location.hash = g.game; });
    return b;
  }));
  window.addEventListener("hashchange", () => show(location.hash.slice(1)));
  await show(location.hash.slice(1));
  document.body.dataset.ready = "1";
}

start();
