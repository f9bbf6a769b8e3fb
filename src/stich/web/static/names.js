// Naming things in the player's language and deck: cards, suits, contracts, calls, actions,
// results, refusals of the rules (their rule and reason as data: stich.web.refusals) and the
// match score. Every word comes from the WORDS table of i18n.js; the table, replay and any
// later page use these and build no wording of their own.
"use strict";

const CARD_CODE = /^[CDHS][6789TJQKA]$/;
const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANK_DIGIT = { T: "10", 9: "9", 8: "8", 7: "7", 6: "6" };

function suitName(letter, deck) { return t("suit_" + deck + "_" + letter); }

function rankName(rank, deck) {
  if ("6789".includes(rank)) return rank;
  return t("rank_" + deck + "_" + rank);
}

// The French deck as symbols (A♥, as the terminal draws it); the others by name.
function cardName(code, deck) {
  if (deck === "french") {
    const rank = RANK_DIGIT[code[1]] || t("rank_short_" + code[1]);
    return rank + SUIT_SYMBOL[code[0]];
  }
  return tr("card_name", { suit: suitName(code[0], deck), rank: rankName(code[1], deck) });
}

// A card as a screen reader says it, in every deck: "Herz-Ass", "Ace of Hearts" (not "A♥").
function cardSpoken(code, deck) {
  return tr("card_name", { suit: suitName(code[0], deck), rank: rankName(code[1], deck) });
}

function cardsName(codes, deck) { return (codes || []).map((c) => cardName(c, deck)).join(", "); }

// A contract or game form: the contract games' names (bettler, normal ...), Jass's suits
// (the deck's suit names) and Obenabe/Undenufe.
function contractName(id, deck) {
  if (id && id.length === 1 && SUIT_SYMBOL[id]) return suitName(id, deck);
  return t("c_" + id);
}

// One argument of an action or call in words: a suit, a card, a contract.
function argName(arg, deck) {
  if (SUIT_SYMBOL[arg]) return suitName(arg, deck);
  if (CARD_CODE.test(arg)) return cardName(arg, deck);
  return contractName(arg, deck);
}

// An action or call in the notation ("trump H", "bid bettler", "exchange-talon CQ CA") in words.
function actionName(action, deck) {
  const [verb, ...args] = action.split(" ");
  const word = t("verb_" + verb.replace(/-/g, "_"));
  if (!args.length) return word;
  if (verb === "weis" || verb === "discard" || verb === "exchange-talon") {
    return word + " " + cardsName(args, deck);
  }
  if (verb === "bid" || (verb === "trump" && !SUIT_SYMBOL[args[0]])) return contractName(args[0], deck);
  return word + " " + args.map((a) => argName(a, deck)).join(" ");
}

function reasonName(reason) { return t("res_" + String(reason).replace(/\W+/g, "_")); }

// One value of a refusal ({card}, {cards}, {suit}, {contract}, {word}, {text}) in words.
function valueName(value, deck) {
  if (value.card) return cardName(value.card, deck);
  if (value.cards) return cardsName(value.cards, deck);
  if (value.suit) return suitName(value.suit, deck);
  if (value.contract) return contractName(value.contract, deck);
  if (value.word) return t("w_" + value.word);
  return String(value.text);
}

// Why the rules refuse an action: the engine's reason in the player's words, with its rule.
function refusalText(args, deck) {
  if (!args || !args.reason || !WORDS.en["why_" + args.reason]) return args ? args.text : "";
  const values = (args.values || []).map((v) => valueName(v, deck));
  return tr("why_" + args.reason, values) + " (" + args.rule + ")";
}

function teamName(seats, names) { return seats.map((s) => names[s] || "?").join(" & "); }

// The match score in words: Bummerl (S-10), the race to 24 (B-7, D-1) or the Jass target (J-8).
function scoreText(match, names) {
  if (!match) return "";
  const parts = [];
  if (match.remaining) {
    parts.push(match.remaining.map((n, s) => tr("score_remaining", { name: names[s] || "?", n })).join(" · "));
  } else if (match.score) {
    const teams = match.score.length < names.length;   // Bauernschnapsen: two teams of two
    parts.push(match.score.map((n, i) => (teams ? teamName([i, i + 2], names) : names[i] || "?") + " " + n).join(" · ") +
               " " + tr("score_target", { n: 24 }));
  } else if (match.scores) {
    parts.push(match.scores.map((n, i) => teamName([i, i + 2], names) + " " + n).join(" · ") +
               " " + tr("score_target", { n: match.target }));
  }
  if (match.bummerl) parts.push(tr("score_bummerl", { score: match.bummerl.join(":") }));
  return parts.join(" · ");
}

// A deal's result in words: who won, the game points and why.
function resultText(result, names) {
  const winners = teamName(result.winner || [], names);
  const points = Math.max(0, ...(result.game_points || [0]));
  return tr("result_line", { names: winners || t("nobody"), points, reason: reasonName(result.reason) });
}
