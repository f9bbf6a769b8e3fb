// A finished match move by move, with the seed commitment checked here, in the browser.
"use strict";

const tableId = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
let data = null;
let step = 0;

async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function checkCommitment() {
  // The downloadable record itself, read as text: its seed has more digits than a JavaScript
  // number keeps, so it is taken from the JSON text as written.
  const text = await (await fetch("/api/tables/" + tableId + "/record")).text();
  const record = JSON.parse(text);
  const box = $("commitment");
  const seed = (text.match(/"seed":\s*(\d+)/) || [])[1];
  if (!seed) { box.textContent = t("sealed"); return; }
  const digest = await sha256Hex(record.salt + ":" + seed);
  const ok = digest === record.seed_commitment;
  box.textContent = ok ? t("verified") : t("not_verified");
  box.dataset.verified = ok ? "yes" : "no";
}

function show() {
  const frame = data.frames[step];
  const deck = localStorage.getItem("stich:deck") || (data.table.game === "jass" ? "swiss" : "german");
  const names = data.record.seats;
  $("step").textContent = `${step} / ${data.frames.length - 1} · ${t("deal")} ${frame.deal + 1}`;
  $("action").textContent = frame.action ? `${names[frame.seat]}: ${frame.action}` : "";
  $("hands").innerHTML = frame.hands.map((hand, n) =>
    `<tr><td>${esc(names[n])}${frame.to_act === n ? " ◀" : ""}</td><td>${hand.map((c) => cardSvg(c, deck)).join("")}</td></tr>`).join("");
  const trick = (frame.view.trick || []).map((c) => Array.isArray(c) ? c[1] : c);
  $("trick").innerHTML = `<span class="label">${t("trick")}</span>` + trick.map((c) => cardSvg(c, deck)).join("");
  $("board").textContent = scoreText(frame.match, names);
}

async function start() {
  applyWords();
  $("lang").textContent = t("language");
  const answer = await fetch("/api/tables/" + tableId + "/replay");
  data = await answer.json();
  if (!answer.ok) { $("action").textContent = errorText(data); return; }
  $("download").href = "/api/tables/" + tableId + "/record";
  $("prev").onclick = () => { step = Math.max(0, step - 1); show(); };
  $("next").onclick = () => { step = Math.min(data.frames.length - 1, step + 1); show(); };
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") $("next").click();
    if (e.key === "ArrowLeft") $("prev").click();
  });
  show();
  await checkCommitment();
}

start();
