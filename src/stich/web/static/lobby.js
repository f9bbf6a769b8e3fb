// The lobby: open a table (game, preset, seat kinds), share its invite link, list matches.
"use strict";

let games = [];
const $ = (id) => document.getElementById(id);

function seatRows() {
  const g = games.find((x) => x.game === $("game").value);
  $("preset").innerHTML = g.presets.map((p) => `<option>${p}</option>`).join("");
  // Rule options beyond the preset: empty means the preset's value (sent as name=value text,
  // read by the same checks as `-o name=value` on the command line).
  $("options").innerHTML = Object.entries(g.options).map(([name, value]) => {
    const shown = Array.isArray(value) ? value.join(",") : String(value);
    const choices = typeof value === "boolean" ? ["on", "off"] : (g.choices[name] || null);
    const input = choices
      ? `<select class="option" data-name="${name}"><option value="">–</option>` +
        choices.map((c) => `<option>${c}</option>`).join("") + "</select>"
      : `<input class="option" data-name="${name}" placeholder="${shown}">`;
    return `<label>${name} ${input}</label>`;
  }).join("");
  $("seatkinds").innerHTML = "";
  for (let n = 0; n < g.seats; n++) {
    const options = [`<option value="person">${t("person")}</option>`].concat(
      g.bots.map((b) => `<option value="bot:${b}">${t("bot")} (${b})</option>`));
    $("seatkinds").innerHTML += `<label>${t("seat")} ${n + 1} <select class="seatkind">${options.join("")}</select></label>`;
  }
  const selects = document.querySelectorAll(".seatkind");
  selects.forEach((s, n) => { s.value = n === 0 ? "person" : (g.bots.includes("rules") ? "bot:rules" : "bot:" + g.bots[0]); });
}

function chosenOptions() {
  const out = {};
  document.querySelectorAll(".option").forEach((o) => { if (o.value.trim()) out[o.dataset.name] = o.value.trim(); });
  return out;
}

async function create() {
  const seats = [...document.querySelectorAll(".seatkind")].map((s) =>
    s.value === "person" ? { kind: "person" } : { kind: "bot", level: s.value.slice(4) });
  const answer = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: $("game").value, preset: $("preset").value, options: chosenOptions(), seats }),
  });
  const data = await answer.json();
  if (!answer.ok) { $("error").textContent = data.error; return; }
  const link = location.origin + data.link;
  $("link").value = link;
  $("go").href = data.link;
  $("created").hidden = false;
}

async function listMatches() {
  const name = $("me").value.trim();
  if (!name) return;
  localStorage.setItem("stich:name", name);
  const answer = await fetch("/api/players/" + encodeURIComponent(name) + "/matches");
  const data = await answer.json();
  $("matches").innerHTML = answer.ok ? data.map((m) =>
    `<li>${m.game} (${m.preset}): ${m.seats.join(", ")} – <a href="/replay/${m.id}">${t("replay")}</a> · ` +
    `<a href="/api/tables/${m.id}/record" download>${t("download")}</a></li>`).join("") : data.error;
}

async function start() {
  applyWords();
  $("lang").textContent = t("language");
  games = await (await fetch("/api/games")).json();
  $("game").innerHTML = games.map((g) => `<option>${g.game}</option>`).join("");
  $("game").onchange = seatRows;
  seatRows();
  $("create").onclick = create;
  $("list").onclick = listMatches;
  $("me").value = localStorage.getItem("stich:name") || "";
}

start();
