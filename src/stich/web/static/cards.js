// Cards drawn by us as SVG: rank and suit symbol, for the French,
// double-German and Swiss decks. No image is fetched: every card is built here.
"use strict";

const SUIT_OF_DECK = {
  // The deck's suit for each French letter (stich.core.card_names: German Eichel is clubs,
  // Swiss Eicheln is diamonds).
  french: { C: "club", D: "diamond", H: "heart", S: "spade" },
  german: { C: "acorn", D: "bell", H: "heart", S: "leaf" },
  swiss: { C: "bell", D: "acorn", H: "rose", S: "shield" },
};
const COLOUR = {
  club: "#111", spade: "#111", diamond: "#c8102e", heart: "#c8102e",
  acorn: "#8a5a1c", bell: "#b07d00", leaf: "#2d7a2d", rose: "#c8102e", shield: "#1d4fa0",
};
const RANK_LABEL = {
  french: { A: "A", K: "K", Q: "Q", J: "J", T: "10" },
  german: { A: "A", K: "K", Q: "O", J: "U", T: "10" },
  swiss: { A: "A", K: "K", Q: "O", J: "U", T: "10" },
};

// Suit symbols as paths in a 0..20 box.
function suitPath(suit) {
  switch (suit) {
    case "heart": return '<path d="M10 18 C2 11 0 7 3 4 C6 1 9 3 10 6 C11 3 14 1 17 4 C20 7 18 11 10 18Z"/>';
    case "diamond": return '<path d="M10 1 L18 10 L10 19 L2 10Z"/>';
    case "spade": return '<path d="M10 1 C4 8 1 10 3 14 C5 17 8 16 9 14 L8 19 L12 19 L11 14 C12 16 15 17 17 14 C19 10 16 8 10 1Z"/>';
    case "club": return '<circle cx="10" cy="5.5" r="4.2"/><circle cx="5" cy="11.5" r="4.2"/><circle cx="15" cy="11.5" r="4.2"/><path d="M9 11 L8 19 L12 19 L11 11Z"/>';
    case "acorn": return '<ellipse cx="10" cy="12" rx="5" ry="6.5"/><path d="M4 8 Q10 2 16 8 L16 9 L4 9Z" fill="#5b3a10"/><rect x="9.2" y="1" width="1.6" height="4"/>';
    case "bell": return '<circle cx="10" cy="10" r="7.5"/><rect x="4" y="8.6" width="12" height="1.6" fill="#fff"/><circle cx="10" cy="14" r="1.6" fill="#fff"/><rect x="9" y="1" width="2" height="3"/>';
    case "leaf": return '<path d="M10 1 C17 5 18 12 10 19 C2 12 3 5 10 1Z"/><path d="M10 4 L10 19" stroke="#fff" stroke-width="1" fill="none"/>';
    case "rose": return '<circle cx="10" cy="10" r="8"/><circle cx="10" cy="10" r="4.5" fill="#fff"/><circle cx="10" cy="10" r="2.5"/>';
    case "shield": return '<path d="M3 2 L17 2 L17 10 C17 15 13 18 10 19 C7 18 3 15 3 10Z"/><path d="M3 8 L17 8" stroke="#fff" stroke-width="1.5"/>';
  }
  return "";
}

function cardSvg(code, deck, opts) {
  opts = opts || {};
  const suitKey = SUIT_OF_DECK[deck][code[0]];
  const rank = RANK_LABEL[deck][code[1]] || code[1];
  const colour = COLOUR[suitKey];
  const symbol = suitPath(suitKey);
  const cls = "card" + (opts.playable ? " playable" : "") + (opts.selected ? " selected" : "");
  // named as the player's language says it wherever names.js is loaded ("Herz-Daus")
  const spoken = typeof cardSpoken === "function" ? esc(cardSpoken(code, deck)) : code;
  return `<svg class="${cls}" data-card="${code}" viewBox="0 0 60 90" role="img" aria-label="${spoken}">` +
    `<rect x="1" y="1" width="58" height="88" rx="6" fill="#fff" stroke="#333" stroke-width="1.5"/>` +
    `<text x="6" y="20" font-size="17" font-weight="bold" fill="${colour}" font-family="sans-serif">${rank}</text>` +
    `<g fill="${colour}" transform="translate(5 24) scale(0.6)">${symbol}</g>` +
    `<g fill="${colour}" transform="translate(17 38) scale(1.3)">${symbol}</g>` +
    `<text x="54" y="84" font-size="13" text-anchor="end" fill="${colour}" font-family="sans-serif">${rank}</text>` +
    `</svg>`;
}

function backSvg() {
  return '<svg class="card back" viewBox="0 0 60 90" aria-hidden="true"><rect x="1" y="1" width="58" height="88" rx="6" fill="#274b8a" stroke="#333"/>' +
    '<path d="M8 8 L52 82 M52 8 L8 82" stroke="#9fb6e0" stroke-width="2"/></svg>';
}

function suitSvg(letter, deck) {
  const suitKey = SUIT_OF_DECK[deck][letter];
  return `<svg class="suit" viewBox="0 0 20 20"><g fill="${COLOUR[suitKey]}">${suitPath(suitKey)}</g></svg>`;
}

// A row of cards wider than its box overlaps them, each keeping its top-left index in view
// (the table's hand, the replay's hands).
function fanRow(box) {
  const cards = [...box.querySelectorAll("svg.card")];
  if (!cards.length) return;
  cards.forEach((node) => { node.style.marginLeft = "0"; });
  const width = box.clientWidth;
  const card = cards[0].getBoundingClientRect().width;
  const gap = 4;
  const need = cards.length * card + (cards.length - 1) * gap;
  const step = need > width && cards.length > 1 ? (width - card) / (cards.length - 1) : card + gap;
  cards.forEach((node, i) => { node.style.marginLeft = i ? (step - card) + "px" : "0"; });
}
