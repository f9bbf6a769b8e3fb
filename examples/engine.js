#!/usr/bin/env node
// A minimal engine for stich in JavaScript (Node, no packages): docs/engine-protocol.md.
// It reads one JSON message a line on standard input and answers on standard output.
// It plays a legal action chosen by a small seeded generator; a real engine would read
// the "event" messages (what its seat sees) and think.
"use strict";
const readline = require("readline");

let state = 12345; // the seed: the same messages give the same answers
function next(n) {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state % n;
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

const seen = []; // this deal's events, as the host wrote them
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      send({ type: "hello", protocol: 1, name: "random.js", author: "stich examples",
             games: ["schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"] });
      break;
    case "deal":
      seen.length = 0;
      break;
    case "event":
      seen.push(message.event);
      break;
    case "act": {
      const choice = message.legal[next(message.legal.length)];
      send({ type: "action", id: choice.id });
      break;
    }
    case "quit":
      process.exit(0);
  }
});
