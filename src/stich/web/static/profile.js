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
  const items = data.matches.map((m) => {
    const li = document.createElement("li");
    li.append(m.game + " (" + m.preset + "): " + m.seats.join(", ") + " – ",
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
