// Chat (docs/web.md, "Chat"): one box for the table page and the lobby. Every message is a
// person's text and goes in as text (textContent), never as HTML. Muting a player hides his
// messages in this browser (localStorage "stich:mute", by name, everywhere); Report sends the
// message's id to the server, which logs it for its operator. The table page hands its
// messages to chatReceive() (table.js); the lobby's to lobbyChat.receive() (public.js).
"use strict";

const MUTE_KEY = "stich:mute";
const CHAT_MAX = 300;

function chatNode(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function muteKey(name) { return String(name || "").normalize("NFKC").toLowerCase(); }
function mutedNames() {
  try { const list = JSON.parse(localStorage.getItem(MUTE_KEY) || "[]"); return Array.isArray(list) ? list : []; }
  catch (e) { return []; }
}
function setMuted(name, on) {
  const key = muteKey(name);
  const list = mutedNames().filter((n) => muteKey(n) !== key);
  if (on) list.push(name);
  localStorage.setItem(MUTE_KEY, JSON.stringify(list.slice(-200)));
}
function isMuted(name) { const key = muteKey(name); return mutedNames().some((n) => muteKey(n) === key); }

// A chat box in `root`: opts.room (the table's id or "lobby"), opts.send(text) (false: not
// sent), opts.me() (this page's name, whose messages have no mute or report).
function makeChat(root, opts) {
  const list = chatNode("ol", "chatlist");
  list.setAttribute("aria-live", "polite");
  list.setAttribute("aria-label", t("chat"));
  const note = chatNode("p", "chatnote help");
  const form = chatNode("form", "chatform");
  const input = chatNode("input", "chatinput");
  input.maxLength = CHAT_MAX;
  input.placeholder = t("chat_placeholder");
  input.setAttribute("aria-label", t("chat_placeholder"));
  input.autocomplete = "off";
  const button = chatNode("button", "chatsend", t("chat_send"));
  button.type = "submit";
  form.append(input, button);
  const error = chatNode("p", "chaterror error");
  error.setAttribute("role", "status");
  const mutedBox = chatNode("details", "chatmuted");
  root.append(list, note, form, error, mutedBox);
  let messages = [];
  const box = { on: true, readOnly: false, unread: 0, onNew: null };

  function when(at) {
    const d = new Date(at * 1000);
    return String(d.getHours()).padStart(2, "0") + ":" + String(d.getMinutes()).padStart(2, "0");
  }

  function row(m) {
    const item = chatNode("li", "chatmsg");
    item.dataset.id = String(m.id);
    const mine = opts.me && muteKey(opts.me()) === muteKey(m.name);
    if (mine) item.classList.add("mine");
    const meta = chatNode("div", "chatmeta");
    const who = chatNode("span", "chatname", m.name);
    who.title = m.name;   // a long name is cut short: the whole on hover
    meta.append(chatNode("time", "chattime", when(m.at)), who);
    item.append(meta, chatNode("div", "chattext", m.text));
    if (!mine) {
      const mute = chatNode("button", "chatmute", t("chat_mute_short"));
      mute.type = "button";
      mute.title = t("chat_mute") + ": " + m.name;
      mute.setAttribute("aria-label", mute.title);
      mute.onclick = () => { setMuted(m.name, true); draw(); };
      const report = chatNode("button", "chatreport", t("chat_report"));
      report.type = "button";
      report.title = t("chat_report");
      report.setAttribute("aria-label", t("chat_report") + ": " + m.name);
      report.onclick = async () => {
        if (!window.confirm(t("chat_report_confirm"))) return;
        const answer = await fetch("/api/chat/report", {
          method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ room: opts.room, id: m.id }),
        });
        const data = await answer.json().catch(() => ({}));
        if (!answer.ok) { error.textContent = errorText(data); return; }
        report.replaceWith(chatNode("span", "chatflag", t("chat_reported")));
      };
      const actions = chatNode("span", "chatactions");
      actions.append(mute, report);
      meta.append(actions);
    }
    return item;
  }

  function draw() {
    const shown = messages.filter((m) => !isMuted(m.name));
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.replaceChildren(...(shown.length ? shown.map(row) : [chatNode("li", "chatnone help", t("chat_empty_list"))]));
    if (atEnd || box.stick) list.scrollTop = list.scrollHeight;
    box.stick = false;
    const muted = mutedNames();
    mutedBox.hidden = !muted.length;
    mutedBox.replaceChildren(chatNode("summary", "", tr("chat_muted", { n: muted.length })),
      ...muted.map((name) => {
        const line = chatNode("div", "chatmutedrow");
        const unmute = chatNode("button", "", t("chat_unmute"));
        unmute.type = "button";
        unmute.onclick = () => { setMuted(name, false); draw(); };
        line.append(chatNode("span", "chatname", name), unmute);
        return line;
      }));
    form.hidden = box.readOnly || !box.on;
    note.textContent = !box.on ? t("chat_off_note") : (box.readOnly ? t("chat_spectator_note") : "");
    note.hidden = !note.textContent;
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (opts.send(text) !== false) { input.value = ""; error.textContent = ""; box.stick = true; }
  });
  input.addEventListener("keydown", (e) => e.stopPropagation());   // not the table's keys

  box.history = (messages_, on) => { messages = messages_.slice(-50); if (on !== undefined) box.on = on; draw(); };
  box.add = (m) => {
    if (messages.some((x) => x.id === m.id)) return;
    messages.push(m);
    if (messages.length > 50) messages.shift();
    if (!isMuted(m.name) && !(opts.me && muteKey(opts.me()) === muteKey(m.name))) {
      box.unread += 1;
      if (box.onNew) box.onNew();
    }
    draw();
  };
  box.state = (on) => { box.on = on; draw(); };
  box.setReadOnly = (readOnly) => { box.readOnly = readOnly; draw(); };
  box.error = (data) => { error.textContent = errorText(data); };
  box.input = input;
  box.redraw = draw;
  window.addEventListener("storage", (e) => { if (e.key === MUTE_KEY) draw(); });
  draw();
  return box;
}

// --- the table page ---------------------------------------------------------------------------
let tableChat = null;
const CHAT_CODES = /^chat_/;

function tableChatBox() {
  if (tableChat) return tableChat;
  const root = document.getElementById("chatbox");
  if (!root) return null;
  const head = chatNode("div", "chathead");
  head.append(chatNode("h2", "", t("chat")));
  root.append(head);
  const body = chatNode("div", "chatbody");
  root.append(body);
  const room = location.pathname.split("/").pop();
  tableChat = makeChat(body, {
    room,
    send: (text) => {
      if (!socket || socket.readyState !== 1) return false;   // table.js's socket
      socket.send(JSON.stringify({ type: "chat", text }));
      return true;
    },
    me: () => (typeof seat === "number" && typeof nameOf === "function" ? nameOf(seat) : ""),
  });
  const owner = localStorage.getItem("stich:owner:" + room);
  if (owner) {   // the owner may turn the chat off (and on again)
    const label = chatNode("label", "check chatswitch");
    const box = chatNode("input");
    box.type = "checkbox";
    box.id = "chatswitch";
    box.checked = tableChat.on;
    box.onchange = async () => {
      const answer = await fetch("/api/tables/" + room + "/chat", {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ owner, on: box.checked }),
      });
      if (!answer.ok) { tableChat.error(await answer.json().catch(() => ({}))); box.checked = tableChat.on; }
    };
    label.append(box, chatNode("span", "", t("chat_switch")));
    head.append(label);
    tableChat.switchBox = box;
  }
  // a phone sees the chat below the table: a badge says when something new came
  const badge = chatNode("button", "chatbadge");
  badge.type = "button";
  badge.hidden = true;
  badge.onclick = () => { root.scrollIntoView({ behavior: "smooth", block: "end" }); tableChat.input.focus(); };
  document.body.append(badge);
  const seen = () => { tableChat.unread = 0; badge.hidden = true; };
  tableChat.onNew = () => {
    const rect = root.getBoundingClientRect();
    if (rect.top < window.innerHeight && rect.bottom > 0) { seen(); return; }
    badge.textContent = tr("chat_unread", { n: tableChat.unread });
    badge.hidden = false;
  };
  window.addEventListener("scroll", () => {
    const rect = root.getBoundingClientRect();
    if (rect.top < window.innerHeight && rect.bottom > 0) seen();
  }, { passive: true });
  root.hidden = false;
  document.body.classList.add("withchat");
  return tableChat;
}

// A table message for the chat: true when it was the chat's (table.js reads no further).
function chatReceive(message) {
  const box = tableChatBox();
  if (!box) return false;
  switch (message.type) {
    case "hello": box.setReadOnly(message.seat === null); return false;
    case "chat_history": box.history(message.messages || [], message.on); if (box.switchBox) box.switchBox.checked = message.on; return true;
    case "chat": box.add(message); return true;
    case "chat_state": box.state(message.on); if (box.switchBox) box.switchBox.checked = message.on; return true;
    case "error":
      if (CHAT_CODES.test(message.code || "") || (message.control && typeof message.control === "object")) {
        box.error(message); return true;
      }
      return false;
    default: return false;
  }
}
