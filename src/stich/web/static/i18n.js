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
    // w-pages: names, accounts, the lobby's options, finished matches
    account: "Konto", account_name: "Name", password: "Passwort", sign_up: "Konto anlegen",
    log_in: "Anmelden", log_out: "Abmelden", logged_in_as: "Angemeldet als {name}",
    change_password: "Passwort ändern", old_password: "Altes Passwort",
    new_password: "Neues Passwort", password_changed: "Passwort geändert",
    hide_profile: "Meine Partien auf meinem Profil verbergen", profile: "Profil",
    profile_of: "Partien von {name}", no_matches: "Noch keine beendeten Partien.",
    my_matches_help: "Die beendeten Partien, an denen dieser Browser teilgenommen hat.",
    default_value: "Standard ({value})", level: "Stärke",
    err_name_missing: "Bitte einen Namen eingeben.",
    err_name_long: "Ein Name hat höchstens {max} Zeichen.",
    err_name_control: "Ein Name darf keine Steuer- oder Schreibrichtungszeichen enthalten.",
    err_name_bot: "„{name}“ ist ein Bot-Name – bitte einen anderen wählen.",
    err_name_taken_at_table: "An diesem Tisch heißt schon jemand „{name}“ – bitte einen anderen Namen wählen.",
    err_name_taken: "Den Namen „{name}“ hat schon ein Konto.",
    err_name_account: "Der Name „{name}“ gehört zu einem Konto: bitte zuerst anmelden.",
    err_login_wrong: "Name oder Passwort falsch.",
    err_password_length: "Ein Passwort hat {min} bis {max} Zeichen.",
    err_not_logged_in: "Bitte zuerst anmelden.",
    err_no_account: "Es gibt kein Konto „{name}“.",
    err_profile_hidden: "{name} zeigt seine Partien nicht.",
    err_preset_as_option: "Die Regeln werden oben gewählt, nicht bei den Optionen.",
    err_unknown_option: "Unbekannte Option „{option}“.",
    err_bad_option: "Die Option „{option}“ hat einen falschen Wert.",
    err_bad_option_value: "Falscher Wert: {reason}",
    err_unknown_game: "Unbekanntes Spiel; bekannt: {known}",
    err_unknown_preset: "Unbekannte Regeln; bekannt: {known}",
    err_seat_count: "Dieses Spiel hat {count} Plätze.",
    err_seat_kind: "Platz {seat}: Mensch oder Bot.",
    err_unknown_level: "Platz {seat}: unbekannte Bot-Stärke; bekannt: {known}",
    err_table_field: "Unbekanntes Feld „{field}“.",
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
    // w-pages: names, accounts, the lobby's options, finished matches
    account: "Account", account_name: "Name", password: "Password", sign_up: "Sign up",
    log_in: "Log in", log_out: "Log out", logged_in_as: "Logged in as {name}",
    change_password: "Change password", old_password: "Old password",
    new_password: "New password", password_changed: "Password changed",
    hide_profile: "Hide my matches on my profile", profile: "Profile",
    profile_of: "Matches of {name}", no_matches: "No finished matches yet.",
    my_matches_help: "The finished matches this browser took part in.",
    default_value: "default ({value})", level: "Level",
    err_name_missing: "Please enter a name.",
    err_name_long: "A name has at most {max} characters.",
    err_name_control: "A name may not hold control or text-direction characters.",
    err_name_bot: "“{name}” is a bot's name: please choose another.",
    err_name_taken_at_table: "Someone at this table is called “{name}” already: please choose another name.",
    err_name_taken: "The name “{name}” belongs to an account already.",
    err_name_account: "The name “{name}” belongs to an account: log in first.",
    err_login_wrong: "Wrong name or password.",
    err_password_length: "A password has {min} to {max} characters.",
    err_not_logged_in: "Please log in first.",
    err_no_account: "There is no account “{name}”.",
    err_profile_hidden: "{name} keeps his matches hidden.",
    err_preset_as_option: "The rules are chosen above, not among the options.",
    err_unknown_option: "Unknown option “{option}”.",
    err_bad_option: "The option “{option}” has a wrong value.",
    err_bad_option_value: "Wrong value: {reason}",
    err_unknown_game: "Unknown game; known: {known}",
    err_unknown_preset: "Unknown rules; known: {known}",
    err_seat_count: "This game has {count} seats.",
    err_seat_kind: "Seat {seat}: a person or a bot.",
    err_unknown_level: "Seat {seat}: unknown bot level; known: {known}",
    err_table_field: "Unknown field “{field}”.",
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

// The language button of every page (no inline onclick: the pages' policy forbids it).
if (document.getElementById("lang")) document.getElementById("lang").addEventListener("click", toggleLang);

function applyWords(root) {
  document.documentElement.lang = currentLang();
  (root || document).querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
}
