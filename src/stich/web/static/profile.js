// An account's profile: its finished matches with their replays, unless the account hides
// them. Names reach the page as text only.
"use strict";

const profileName = decodeURIComponent(location.pathname.slice("/u/".length));
const $ = (id) => document.getElementById(id);

function link(href, text) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  return a;
}

async function start() {
  applyWords();
  $("lang").textContent = t("language");
  $("title").textContent = tr("profile_of", { name: profileName });
  const answer = await fetch("/api/accounts/" + encodeURIComponent(profileName) + "/matches");
  const data = await answer.json();
  if (!answer.ok) { $("error").textContent = errorText(data); return; }
  if (data.bot) {   // a bot account, marked everywhere (docs/web.md, "Bot accounts")
    const badge = document.createElement("span");
    badge.className = "mark botaccount";
    badge.textContent = " " + t("bot_account_mark");
    badge.title = t("profile_bot");
    $("title").append(badge);
  }
  const games = await (await fetch("/api/games")).json();
  const title = (m) => {   // the game and preset by their words, as the lobby names them
    const g = games.find((x) => x.game === m.game);
    const words = (pair, fallback) => (pair && (pair[currentLang()] || pair.en)) || fallback;
    if (!g) return m.game;
    const preset = g.words.presets[m.preset];
    return words(g.words.game, m.game) + " · " + words(preset && preset.label, m.preset);
  };
  const items = data.matches.map((m) => {
    const li = document.createElement("li");
    const bots = m.bots || [];
    li.append(title(m) + ": " + m.seats.map((n, i) =>
      n + (bots.includes(i) ? " (" + t("bot_account_mark") + ")" : "")).join(", ") + " – ",
              link("/replay/" + encodeURIComponent(m.id), t("replay")));
    return li;
  });
  if (!items.length) {
    const li = document.createElement("li");
    li.textContent = t("no_matches");
    items.push(li);
  }
  $("matches").replaceChildren(...items);
}

start();
