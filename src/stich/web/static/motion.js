// The table's pace (the page's alone; the server decides bot delay and the wait between
// deals): a played card moves from the hand or its seat to the trick, a finished trick stays
// until its winner takes it (HOLD_MS or a click) and then moves to the winner. No movement
// with prefers-reduced-motion; localStorage["stich:motion"] = "off" turns movement and the
// hold off (tests: no test waits on animation time).
"use strict";

const MOVE_MS = 300;     // 250-400 ms: short enough to keep the pace, long enough to follow
const HOLD_MS = 1000;    // a finished trick stays about a second

function motionOff() { return localStorage.getItem("stich:motion") === "off"; }

function moving() {
  return !motionOff() && !(window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches);
}

function applyMotionClass() {
  document.body.classList.toggle("no-motion", !moving());
}

// FLIP: draw `node` where `from` (a DOMRect) was, then let it glide to its own place.
function glideFrom(node, from) {
  if (!moving() || !from) return;
  const to = node.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (!dx && !dy) return;
  node.style.transition = "none";
  node.style.transform = `translate(${dx}px, ${dy}px)`;
  node.getBoundingClientRect();   // the start position takes effect before the move
  node.style.transition = `transform ${MOVE_MS}ms ease-out`;
  node.style.transform = "";
}

// Move every node toward `target` (a DOMRect), then call done (at once without motion).
function glideTo(nodes, target, done) {
  if (!moving() || !target || !nodes.length) { done(); return; }
  for (const node of nodes) {
    const from = node.getBoundingClientRect();
    const dx = target.left + target.width / 2 - (from.left + from.width / 2);
    const dy = target.top + target.height / 2 - (from.top + from.height / 2);
    node.style.transition = `transform ${MOVE_MS}ms ease-in, opacity ${MOVE_MS}ms ease-in`;
    node.style.transform = `translate(${dx}px, ${dy}px) scale(.4)`;
    node.style.opacity = "0";
  }
  setTimeout(done, MOVE_MS);
}

// The finished trick the page keeps showing while the server's view has moved on.
const trickHold = {
  entries: null, winner: null, timer: null, onEnd: null,
  // A view whose trick is empty right after one that lacked a single card: the trick is done.
  begin(entries, winner, onEnd) {
    if (motionOff()) return false;
    this.end(false);
    this.entries = entries; this.winner = winner; this.onEnd = onEnd;
    this.timer = setTimeout(() => this.end(true), HOLD_MS);
    return true;
  },
  active() { return this.entries !== null; },
  end(take) {
    if (this.timer) clearTimeout(this.timer);
    const onEnd = this.onEnd;
    this.entries = null; this.timer = null; this.onEnd = null;
    if (take && onEnd) onEnd();
  },
};
