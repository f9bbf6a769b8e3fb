// Joining and leaving on the table page (docs/web.md, "Joining and leaving"): who sits where
// and a free seat to choose (and so the team), the owner's controls while the table waits
// (give a free seat to a bot, cancel the table: the owner token from the create call is kept
// as stich:owner:<table>), and the words for a cancelled or expired table.
"use strict";

let joinSeat = null;   // the free seat chosen on the list (null: the first free one)

function chosenSeat() { return joinSeat; }

function joinNode(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Teams sit opposite (J-1, B-1): seats 0 and 2, 1 and 3, named as the table's seats name
// them (Team A, Team B).
function teamOf(table, number) {
  return table.seats.length === 4 ? t(number % 2 ? "team_b" : "team_a") : "";
}

function seatLabel(table, number) {
  const team = teamOf(table, number);
  return tr("seat_n", { n: number + 1 }) + (team ? " · " + team : "");
}

function joinPage(table) {
  let box = document.getElementById("seatchoice");
  if (!box) {
    box = joinNode("div", "seatchoice");
    box.id = "seatchoice";   // chosen before the join button is pressed: above it
    document.getElementById("join").insertBefore(box, document.getElementById("joinbtn"));
  }
  box.replaceChildren(joinNode("p", "label", t("choose_seat")));
  const free = table.seats.map((s, n) => (s.kind === "person" && !s.joined ? n : -1)).filter((n) => n >= 0);
  if (joinSeat === null || !free.includes(joinSeat)) joinSeat = free.length ? free[0] : null;
  table.seats.forEach((s, number) => {
    const row = joinNode("label", "seatrow");
    const isFree = free.includes(number);
    const radio = joinNode("input");
    radio.type = "radio";
    radio.name = "seat";
    radio.value = String(number);
    radio.disabled = !isFree;
    radio.checked = number === joinSeat;
    radio.onchange = () => { joinSeat = number; };
    row.append(radio, joinNode("span", "", seatLabel(table, number) + ": "));
    row.append(joinNode("span", isFree ? "free" : "taken", isFree ? t("seat_free") : s.name || "?"));
    if (s.kind === "botaccount") row.append(joinNode("span", "mark botaccount", t("bot_account_mark")));
    box.append(row);
  });
  ownerControls(table);
}

function ownerToken() { return localStorage.getItem("stich:owner:" + tableId); }

async function ownerCall(path, body) {
  const answer = await fetch("/api/tables/" + tableId + path, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ owner: ownerToken(), ...body }),
  });
  const data = await answer.json().catch(() => ({ error: answer.statusText }));
  if (!answer.ok) { document.getElementById("error").textContent = errorText(data); return null; }
  return data;
}

// The owner's controls while the table waits for its people.
function ownerControls(table) {
  let box = document.getElementById("ownerbox");
  if (!ownerToken() || table.status !== "waiting") { if (box) box.hidden = true; return; }
  if (!box) {
    box = joinNode("section", "panel ownerbox");
    box.id = "ownerbox";
    document.querySelector("main").prepend(box);
  }
  box.replaceChildren(joinNode("h2", "", t("owner_controls")));
  const account = joinNode("input", "botaccountname");   // a bot account, invited by name
  account.id = "botaccountname";
  account.placeholder = t("bot_account_name");
  account.setAttribute("aria-label", t("bot_account_name"));
  table.seats.forEach((s, number) => {
    if (s.kind !== "person" || s.joined) return;
    const button = joinNode("button", "", tr("seat_to_bot", { seat: seatLabel(table, number) }));
    button.className = "tobot";
    button.dataset.seat = String(number);
    button.onclick = async () => {
      const data = await ownerCall("/bot", { seat: number });   // the server's default bot
      if (data) { table.seats = data.seats; table.status = data.status; refreshJoin(data); }
    };
    const invite = joinNode("button", "", tr("seat_to_bot_account", { seat: seatLabel(table, number) }));
    invite.className = "toaccount";
    invite.dataset.seat = String(number);
    invite.onclick = async () => {
      const data = await ownerCall("/botaccount", { seat: number, name: account.value });
      if (!data) return;
      document.getElementById("error").textContent = "";
      table.seats = data.seats; table.status = data.status; refreshJoin(data);
    };
    box.append(button, invite);
  });
  if (box.querySelector(".toaccount")) box.append(account);
  const cancel = joinNode("button", "", t("cancel_table"));
  cancel.id = "canceltable";
  cancel.onclick = async () => {
    if (await ownerCall("/cancel", {})) {
      localStorage.removeItem("stich:owner:" + tableId);
      closedTable({ status: "cancelled" });
    }
  };
  box.append(cancel);
  box.hidden = false;
}

function refreshJoin(table) {
  if (!document.getElementById("join").hidden) joinPage(table); else ownerControls(table);
  if (table.status !== "waiting") {
    const box = document.getElementById("ownerbox");
    if (box) box.hidden = true;
  }
}

// A cancelled or expired table: say so and offer nothing to play (true: the page stops here).
function closedTable(table) {
  if (table.status !== "cancelled" && table.status !== "expired") return false;
  document.getElementById("join").hidden = true;
  const box = document.getElementById("ownerbox");
  if (box) box.hidden = true;
  document.getElementById("status").textContent = t("table_" + table.status);
  return true;
}
