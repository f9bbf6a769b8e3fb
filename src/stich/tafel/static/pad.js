// The score pad's phone page: draws what the server sends, composes entry lines from big
// buttons, polls for changes. Every request goes to the server that served this page.
"use strict";
const body = document.body;
const base = body.dataset.base;
const padUrl = `${base}/p/${body.dataset.pad}`;
const params = new URLSearchParams(location.search);
const key = params.get("key");
const seat = params.get("seat");
let version = -1;
let formFor = null;
const chosen = {};

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "onclick") node.addEventListener("click", value);
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function query() {
  const q = new URLSearchParams();
  if (key) q.set("key", key);
  if (seat !== null) q.set("seat", seat);
  return q;
}

async function post(path, data) {
  const response = await fetch(`${padUrl}/${path}`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ key, ...data }),
  });
  const answer = await response.json().catch(() => ({}));
  const message = answer.error || answer.detail || "";
  document.getElementById("error").textContent = response.ok ? "" : message;
  await refresh(true);
  return response.ok;
}

function composeLine(fields) {
  const words = [];
  for (const field of fields) {
    const value = chosen[field.name];
    if (value === undefined || value === "") continue;
    if ((field.alone || []).includes(value)) return value;
    words.push(field.prefix ? `${field.prefix} ${value}` : value);
  }
  return words.join(" ");
}

function buildForm(state) {
  const box = document.getElementById("entry");
  box.replaceChildren();
  for (const field of state.fields) {
    const choices = el("div", { class: "choices" });
    let input = null;
    if (field.number) {
      input = el("input", { type: "number", inputmode: "numeric", name: field.name,
                            "aria-label": field.label });
      input.addEventListener("input", () => { chosen[field.name] = input.value; });
      choices.append(input);
    }
    for (const [value, label] of field.choices) {
      const button = el("button", { type: "button", "data-field": field.name,
                                    "data-value": value }, label);
      button.addEventListener("click", () => {
        const again = chosen[field.name] === value && field.optional;
        chosen[field.name] = again ? undefined : value;
        if (input) input.value = again ? "" : value;
        for (const other of choices.querySelectorAll("button")) {
          other.classList.toggle("on", other.dataset.value === chosen[field.name]);
        }
      });
      choices.append(button);
    }
    box.append(el("div", { class: "field" }, el("label", {}, field.label), choices));
  }
  const line = el("input", { class: "line", name: "line", placeholder: "or type the line",
                             "aria-label": "entry line" });
  const enter = el("button", { type: "button", class: "primary", id: "enter" }, "Enter");
  enter.addEventListener("click", async () => {
    const text = line.value.trim() || composeLine(state.fields);
    if (!text) return;
    if (await post("entry", { line: text })) {
      line.value = "";
      for (const name of Object.keys(chosen)) delete chosen[name];
      buildForm(state);
    }
  });
  const undo = el("button", { type: "button", id: "undo" }, "Undo");
  undo.addEventListener("click", () => post("undo", {}));
  const sheet = el("button", { type: "button", id: "sheet" }, "Sheet");
  sheet.addEventListener("click", () => { location.href = `${padUrl}/sheet`; });
  box.append(line, el("div", { class: "actions" }, enter, undo, sheet),
             el("p", { class: "help" }, state.help));
  box.hidden = false;
}

function buildPredict(state) {
  const box = document.getElementById("predict");
  const scores = state.scores;
  if (!state.predicting || scores.over) { box.hidden = true; return; }
  box.replaceChildren();
  const who = state.role === "player" ? [Number(seat)] : state.names.map((_, s) => s);
  for (const s of who) {
    const said = scores.predicted[String(s)];
    const mark = said === undefined ? "" : (said === null ? " ✓" : ` (${said})`);
    const input = el("input", { type: "number", inputmode: "numeric", min: "0", max: "157",
                                name: `predict${s}`, "aria-label": `${state.names[s]} predicts` });
    const send = el("button", { type: "button", id: `predict${s}` }, "Predict");
    send.addEventListener("click", () => post("predict", { seat: s, points: Number(input.value) }));
    box.append(el("div", { class: "field" }, el("label", {}, `${state.names[s]}${mark}`),
                  el("div", { class: "choices" }, input, send)));
  }
  box.hidden = false;
}

function show(state) {
  document.getElementById("title").textContent = state.title;
  document.getElementById("result").textContent = state.result;
  document.getElementById("board").innerHTML = state.board;
  const history = document.getElementById("history");
  history.replaceChildren(...state.history.map((line) => el("li", {}, line)));
  if (state.role === "keeper" && formFor !== state.game) { buildForm(state); formFor = state.game; }
  buildPredict(state);
  if (state.links) {
    const share = document.getElementById("share");
    const origin = location.origin;
    share.replaceChildren(el("p", {}, "Follow: ",
      el("a", { href: `${origin}${base}/${state.links.follow}` },
         `${origin}${base}/${state.links.follow}`)));
    state.links.players.forEach((link, s) => share.append(el("p", {}, `${state.names[s]}: `,
      el("a", { href: `${origin}${base}/${link}` }, "predict"))));
    share.hidden = false;
  }
}

async function refresh(force = false) {
  const q = query();
  q.set("since", force ? -1 : version);
  const response = await fetch(`${padUrl}/state?${q}`);
  if (!response.ok) return;
  const state = await response.json();
  if (state.unchanged) return;
  version = state.version;
  show(state);
}

refresh(true);
setInterval(refresh, 2000);
