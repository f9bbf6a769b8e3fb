// The lobby's part of the match flow (docs/web.md, "Joining and leaving"): the owner's table
// settings when opening a table (move clock, bot delay, wait between deals) and "my tables",
// the waiting and running tables this browser holds seats at (stich:seat:<table>), so a lost
// link is not a lost game. lobby.js calls flowSettings() and keepOwner() when it creates.
"use strict";

const FLOW_SETTINGS = [   // name, the input's bounds, empty means the server's default
  { name: "clock", min: 0, max: 3600, step: 5 },
  { name: "bot_delay", min: 0, max: 10, step: 0.1 },
  { name: "deal_wait", min: 1, max: 600, step: 1 },
];

function mtNode(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function settingsInputs() {
  const box = mtNode("details", "tablesettings");
  box.id = "tablesettings";
  box.append(mtNode("summary", "", t("table_settings")));
  for (const s of FLOW_SETTINGS) {
    const label = mtNode("label", "optionrow");
    const input = mtNode("input");
    input.type = "number";
    input.id = "setting_" + s.name;
    input.min = String(s.min); input.max = String(s.max); input.step = String(s.step);
    input.placeholder = t("setting_default");
    label.append(mtNode("span", "", t("setting_" + s.name) + " "), input);
    box.append(label, mtNode("p", "help", t("setting_" + s.name + "_help")));
  }
  const create = document.getElementById("create");
  create.parentNode.insertBefore(box, create);
}

// The settings the owner filled in (left empty: the defaults).
function flowSettings() {
  const out = {};
  for (const s of FLOW_SETTINGS) {
    const input = document.getElementById("setting_" + s.name);
    if (input && input.value !== "") out[s.name] = Number(input.value);
  }
  return out;
}

function keepOwner(data) {
  if (data && data.owner) localStorage.setItem("stich:owner:" + data.id, data.owner);
}

function heldTableSeats() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith("stich:seat:")) out.push({ table: key.slice(11), token: localStorage.getItem(key) });
  }
  return out.slice(-150);
}

async function listMyTables() {
  const section = mtNode("section", "panel");
  section.id = "mytables";
  section.append(mtNode("h2", "", t("my_tables")), mtNode("p", "help", t("my_tables_help")));
  const list = mtNode("ul");
  list.id = "mytablelist";
  section.append(list);
  const first = document.querySelector("main > section");   // after "open a table"
  first.parentNode.insertBefore(section, first.nextSibling);
  const answer = await fetch("/api/mine", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ seats: heldTableSeats() }),
  });
  const data = await answer.json().catch(() => []);
  if (!answer.ok) { list.replaceChildren(mtNode("li", "", errorText(data))); return; }
  if (!data.length) { list.replaceChildren(mtNode("li", "", t("no_tables"))); return; }
  list.replaceChildren(...data.map((m) => {
    const item = mtNode("li");
    const link = mtNode("a", "", t("game_" + m.game) + " · ");
    link.href = "/t/" + encodeURIComponent(m.id);
    link.append(typeof ratedNames === "function" ? ratedNames(m.game, m.seats)   // ratings.js
      : m.seats.map((n) => n || "…").join(", "));
    item.append(link, mtNode("span", "help", " " + t("status_" + m.status)));
    return item;
  }));
}

document.addEventListener("DOMContentLoaded", () => { settingsInputs(); listMyTables(); });
