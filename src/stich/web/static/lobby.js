// The lobby: open a table (game, preset, options, seats), share its invite link; sign up, log
// in and out, change the password; list this browser's finished matches. Every text from the
// server or a person is put in as text (node()), never as HTML.
"use strict";

let games = [];
const $ = (id) => document.getElementById(id);
const lang = () => currentLang();

// An element with attributes and children (strings become text nodes).
function node(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "text") el.textContent = value;
    else el.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) el.append(child);
  return el;
}

function word(pair, fallback) { return (pair && (pair[lang()] || pair.en)) || fallback; }

function current() { return games.find((x) => x.game === $("game").value); }

function optionInput(g, name, value) {
  const words = g.words.options[name];
  const choice = (v) => word(words.choices[String(v)], String(v));
  const shown = Array.isArray(value) ? value.map(choice).join(", ") :
    (typeof value === "boolean" ? word(g.words.switch[value ? "on" : "off"]) : choice(value));
  if (g.sets[name]) {  // a set of names: a box each, ticked as the preset has them
    const box = node("div", { class: "choices", "data-set": name });
    for (const item of g.sets[name]) {
      box.append(node("label", { class: "check" },
        node("input", { type: "checkbox", class: "setitem", value: item, checked: value.includes(item) }),
        " " + choice(item)));
    }
    return box;
  }
  const choices = typeof value === "boolean" ? ["on", "off"] : (g.choices[name] || null);
  if (choices) {
    const select = node("select", { class: "option", "data-name": name },
      node("option", { value: "", text: tr("default_value", { value: shown }) }));
    for (const c of choices) {
      const label = typeof value === "boolean" ? word(g.words.switch[c]) : choice(c);
      select.append(node("option", { value: String(c), text: label }));
    }
    return select;
  }
  return node("input", { class: "option", "data-name": name, placeholder: shown,
                         inputmode: typeof value === "number" ? "numeric" : null });
}

function presetValues() { const g = current(); return g.preset_options[$("preset").value] || g.options; }

// The preset's line, and the rule options beyond it: empty means the preset's value.
function presetChosen() {
  const g = current();
  const words = g.words.presets[$("preset").value];
  $("presethelp").textContent = words ? word(words.help, "") : "";
  $("options").replaceChildren(...Object.entries(presetValues()).map(([name, value]) => {
    const words = g.words.options[name];
    return node("div", { class: "optionrow" },
      node("label", {}, node("span", { text: word(words.label, name) }), " ", optionInput(g, name, value)),
      node("p", { class: "help", text: word(words.help, "") }));
  }));
}

function seatRows() {
  const g = current();
  $("preset").replaceChildren(...g.presets.map((p) =>
    node("option", { value: p, text: word(g.words.presets[p] && g.words.presets[p].label, p) })));
  presetChosen();
  $("seatkinds").replaceChildren();
  for (let n = 0; n < g.seats; n++) {
    const select = node("select", { class: "seatkind" }, node("option", { value: "person", text: t("person") }));
    for (const b of g.bots) {
      select.append(node("option", { value: "bot:" + b, text: t("bot") + ": " + word(g.words.bots[b].label, b) }));
    }
    select.append(node("option", { value: "botaccount", text: t("bot_account") + " …" }));
    select.value = n === 0 ? "person" : "bot:" + (g.bots.includes(g.default_bot) ? g.default_bot : g.bots[0]);
    const help = node("p", { class: "help" });
    const account = node("input", { class: "botaccountname", placeholder: t("bot_account_name") });
    account.setAttribute("aria-label", t("bot_account_name"));
    const explain = () => {   // one line saying what the chosen bot does
      const level = select.value.startsWith("bot:") ? g.words.bots[select.value.slice(4)] : null;
      help.textContent = level ? word(level.help, "") : "";
      account.hidden = select.value !== "botaccount";   // a bot account is invited by name
    };
    select.addEventListener("change", explain);
    explain();
    $("seatkinds").append(node("div", { class: "optionrow" },
      node("label", {}, t("seat") + " " + (n + 1) + " ", select), account, help));
  }
}

function chosenOptions() {
  const out = {};
  document.querySelectorAll(".option").forEach((o) => { if (o.value.trim()) out[o.dataset.name] = o.value.trim(); });
  document.querySelectorAll("[data-set]").forEach((box) => {
    const ticked = [...box.querySelectorAll(".setitem")].filter((c) => c.checked).map((c) => c.value).sort();
    const preset = [...presetValues()[box.dataset.set]].sort();
    if (ticked.join(",") !== preset.join(",")) out[box.dataset.set] = ticked;
  });
  return out;
}

async function api(path, body) {
  const answer = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await answer.json().catch(() => ({ error: answer.statusText }));
  return { ok: answer.ok, data };
}

async function create() {
  const seats = [...document.querySelectorAll(".seatkind")].map((s) =>
    s.value === "person" ? { kind: "person" }
      : s.value === "botaccount" ? { kind: "botaccount", name: s.closest(".optionrow").querySelector(".botaccountname").value }
        : { kind: "bot", level: s.value.slice(4) });
  const settings = typeof flowSettings === "function" ? flowSettings() : {};   // mytables.js
  const listing = typeof publicChoice === "function" ? publicChoice() : {};   // public.js
  const { ok, data } = await api("/api/tables",
    { game: $("game").value, preset: $("preset").value, options: chosenOptions(), seats, settings, ...listing });
  if (!ok) { $("error").textContent = errorText(data); return; }
  if (typeof keepOwner === "function") keepOwner(data);   // the owner token (mytables.js)
  $("error").textContent = "";
  $("link").value = location.origin + data.link;
  $("go").href = data.link;
  $("created").hidden = false;
}

// --- the account -----------------------------------------------------------------------------
async function showAccount() {
  const { data } = await api("/api/me");
  const name = data.name;
  $("loggedin").hidden = !name;
  $("loggedout").hidden = !!name;
  if (name) {
    $("whoami").textContent = tr("logged_in_as", { name });
    $("profilelink").href = "/u/" + encodeURIComponent(name);
    $("hidden").checked = !!data.hidden;
  }
}

async function account(path, body, done) {
  const { ok, data } = await api(path, body);
  $("accounterror").textContent = ok ? (done || "") : errorText(data);
  if (ok) { $("acpassword").value = ""; $("oldpassword").value = ""; $("newpassword").value = ""; }
  await showAccount();
}

// --- this browser's finished matches: the seats it holds tokens for -------------------------
function heldSeats() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith("stich:seat:")) out.push({ table: key.slice(11), token: localStorage.getItem(key) });
  }
  return out.slice(-150);
}

function matchItem(m) {
  const g = games.find((x) => x.game === m.game);
  const title = g ? word(g.words.game, m.game) : m.game;
  const names = typeof ratedNames === "function" ? ratedNames(m.game, m.seats) : m.seats.join(", ");
  return node("li", {}, title + ": ", names, " – ",
    node("a", { href: "/replay/" + encodeURIComponent(m.id), text: t("replay") }), " · ",
    node("a", { href: "/api/tables/" + encodeURIComponent(m.id) + "/record", download: true, text: t("download") }));
}

async function listMatches() {
  const { ok, data } = await api("/api/history", { seats: heldSeats() });
  if (!ok) { $("matches").replaceChildren(node("li", { text: errorText(data) })); return; }
  $("matches").replaceChildren(...(data.length ? data.map(matchItem) : [node("li", { text: t("no_matches") })]));
}

async function start() {
  applyWords();
  $("lang").textContent = t("language");
  games = await (await fetch("/api/games")).json();
  $("game").replaceChildren(...games.map((g) => node("option", { value: g.game, text: word(g.words.game, g.game) })));
  $("game").onchange = seatRows;
  $("preset").onchange = presetChosen;
  seatRows();
  $("create").onclick = create;
  const credentials = () => ({ name: $("acname").value, password: $("acpassword").value });
  $("login").onclick = () => account("/api/login", credentials());
  $("signup").onclick = () => account("/api/accounts", credentials());
  $("logout").onclick = () => account("/api/logout", {});
  $("hidden").onchange = () => account("/api/profile", { hidden: $("hidden").checked });
  $("changepassword").onclick = () => account("/api/password",
    { old: $("oldpassword").value, new: $("newpassword").value }, t("password_changed"));
  await showAccount();
  await listMatches();
}

start();
