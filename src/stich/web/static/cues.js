// "Your turn" beyond the outline: the tab's title, and an optional short sound (off by
// default, remembered in localStorage["stich:sound"]; made with WebAudio, nothing fetched).
"use strict";

const BASE_TITLE = "stich";
let audio = null;
let wasMyTurn = false;

function soundOn() { return localStorage.getItem("stich:sound") === "on"; }

function setSound(on) {
  localStorage.setItem("stich:sound", on ? "on" : "off");
  drawSoundToggle();
  if (on) beep();   // the click is the gesture a browser wants before it plays sound
}

function drawSoundToggle() {
  const button = document.getElementById("sound");
  if (!button) return;
  const on = soundOn();
  button.textContent = t(on ? "sound_on" : "sound_off");
  button.setAttribute("aria-pressed", on ? "true" : "false");
}

function beep() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio = audio || new Context();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.3);
  } catch (e) { /* no sound device: the title still says it */ }
}

// Called after every render: the title says whose turn it is; the sound plays when the turn
// comes to this seat (not on every message while it stays there).
function turnCue(myTurn) {
  document.title = myTurn ? "● " + t("your_turn") + " – " + BASE_TITLE : BASE_TITLE;
  if (myTurn && !wasMyTurn && soundOn()) beep();
  wasMyTurn = myTurn;
}
