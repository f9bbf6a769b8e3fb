// German and English words of the pages (issue 13, item 3).
"use strict";

const WORDS = {
  de: {
    title: "stich – Karten spielen", lobby: "Tisch eröffnen", game: "Spiel", preset: "Regeln",
    options: "Regel-Optionen", pads: "Schreibblock für Spiele mit echten Karten",
    seat: "Platz", person: "Mensch", bot: "Bot", create: "Tisch eröffnen",
    invite: "Einladungslink (an Freunde schicken):", take_seat: "Platz nehmen",
    your_name: "Dein Name", join: "Mitspielen", your_turn: "Du bist dran",
    waiting_for: "Warten auf", waiting_players: "Warten auf Mitspieler …",
    trump: "Trumpf", stock: "Talon", closed: "zugedreht", last_trick: "Letzter Stich",
    trick: "Stich", hand: "Deine Karten", score: "Stand", match_over: "Partie vorbei",
    away: "abwesend – Bot spielt", connected: "verbunden", disconnected: "getrennt – verbinde neu …",
    play: "spielen", close: "Zudrehen", exchange: "Austauschen", marriage: "Melden",
    claim: "Abmelden", pass: "Weiter", bid: "Ansagen", double: "Kontra", redouble: "Re",
    reredouble: "Sub", trump_verb: "Trumpf", push: "Schieben", weis: "Weisen",
    talon: "Talon nehmen", discard: "Ablegen", turnup: "Aufdecken", select_cards: "Karten wählen",
    my_matches: "Meine Partien", replay: "Nachspielen", download: "Aufzeichnung laden",
    verified: "Seed-Commitment geprüft ✓", not_verified: "Seed-Commitment falsch ✗",
    sealed: "Seed noch versiegelt", deck: "Blatt", language: "English", points: "Punkte",
    prev: "◀ Zurück", next: "Weiter ▶", result: "Ergebnis", deal: "Spiel", bot_mark: "Bot",
    contract: "Spiel", declarer: "Spieler", talon_seen: "Talon", error: "Fehler",
    obenabe: "Obenabe", undenufe: "Undenufe", copy: "Kopieren",
    // the table's socket: what the server refuses before a table hears of it (docs/web.md)
    err_binary_frame: "Binäre Nachrichten werden nicht gelesen: JSON-Text senden",
    err_message_too_large: "Nachricht größer als {limit} Bytes",
    err_not_json: "Die Nachricht ist kein JSON",
    err_unknown_type: "Unbekannte Nachrichtenart {type}",
    err_bad_action: "'action' ist eine Aktion in Notation, z. B. \"play HA\"",
    err_too_many_messages: "Zu viele Nachrichten: bitte langsamer",
    closed_too_big: "Der Server hat die Verbindung geschlossen: {reason}",
    // server faults: a store that refuses writes (docs/web.md, robustness)
    err_table_stopped: "Der Tisch ist angehalten: der Server kann gerade keine Züge speichern; er versucht es weiter, dann geht es von selbst weiter",
    err_store_unavailable: "Der Server kann das gerade nicht speichern: bitte gleich noch einmal versuchen",
  },
  en: {
    title: "stich – play cards", lobby: "Open a table", game: "Game", preset: "Rules",
    options: "Rule options", pads: "Score pad for games with real cards",
    seat: "Seat", person: "Person", bot: "Bot", create: "Open the table",
    invite: "Invite link (send it to your friends):", take_seat: "Take a seat",
    your_name: "Your name", join: "Join", your_turn: "Your turn",
    waiting_for: "Waiting for", waiting_players: "Waiting for players …",
    trump: "Trump", stock: "Stock", closed: "closed", last_trick: "Last trick",
    trick: "Trick", hand: "Your cards", score: "Score", match_over: "Match over",
    away: "away – a bot plays", connected: "connected", disconnected: "disconnected – reconnecting …",
    play: "play", close: "Close", exchange: "Exchange", marriage: "Marriage",
    claim: "Claim", pass: "Pass", bid: "Bid", double: "Double", redouble: "Redouble",
    reredouble: "Reredouble", trump_verb: "Trump", push: "Push", weis: "Weis",
    talon: "Take the talon", discard: "Discard", turnup: "Turn up", select_cards: "Select cards",
    my_matches: "My matches", replay: "Replay", download: "Download record",
    verified: "Seed commitment verified ✓", not_verified: "Seed commitment WRONG ✗",
    sealed: "Seed still sealed", deck: "Deck", language: "Deutsch", points: "Points",
    prev: "◀ Back", next: "Next ▶", result: "Result", deal: "Deal", bot_mark: "bot",
    contract: "Contract", declarer: "Declarer", talon_seen: "Talon", error: "Error",
    obenabe: "Obenabe", undenufe: "Undenufe", copy: "Copy",
    // the table's socket: what the server refuses before a table hears of it (docs/web.md)
    err_binary_frame: "Binary frames are not read: send JSON text",
    err_message_too_large: "Message larger than {limit} bytes",
    err_not_json: "The message is not JSON",
    err_unknown_type: "Unknown message type {type}",
    err_bad_action: "'action' is an action in notation, e.g. \"play HA\"",
    err_too_many_messages: "Too many messages: slow down",
    closed_too_big: "The server closed the connection: {reason}",
    // server faults: a store that refuses writes (docs/web.md, robustness)
    err_table_stopped: "The table is stopped: the server cannot store moves just now; it tries again and the table goes on by itself",
    err_store_unavailable: "The server cannot store this just now: try again in a moment",
  },
};

function currentLang() {
  const stored = localStorage.getItem("stich:lang");
  if (stored === "de" || stored === "en") return stored;
  return (navigator.language || "de").toLowerCase().startsWith("de") ? "de" : "en";
}

function t(key) {
  const lang = currentLang();
  return (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
}

// A word with its blanks filled: tr("seat_n", {n: 2}) for "Platz {n}" / "Seat {n}".
function tr(key, args) {
  return t(key).replace(/\{(\w+)\}/g, (whole, name) =>
    args && args[name] !== undefined && args[name] !== null ? String(args[name]) : whole);
}

// What the server refused, in the player's language: {"error", "code", "args"} from the API or
// a WebSocket "error" message. A code the table lacks falls back to the server's English text.
function errorText(data) {
  if (!data) return "";
  const key = "err_" + data.code;
  if (data.code && (WORDS[currentLang()][key] || WORDS.en[key])) return tr(key, data.args || {});
  return data.error || String(data);
}

// The one way text from a person or the server enters HTML that is built as a string.
function esc(value) {
  return String(value === undefined || value === null ? "" : value).replace(/[&<>"']/g, (c) =>
    ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function toggleLang() {
  localStorage.setItem("stich:lang", currentLang() === "de" ? "en" : "de");
  location.reload();
}

function applyWords(root) {
  document.documentElement.lang = currentLang();
  (root || document).querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
}
