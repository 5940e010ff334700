// What the table page asks of the player and how it calls them: the confirmation of a costly
// move (the dialog #confirm of table.html), and the optional sound when the turn comes.
const el = (id) => document.getElementById(id);

// ask before a costly move: resolves true to play it, false to leave everything as it is
export function confirmMove(text) {
  const box = el("confirm");
  el("confirm-text").textContent = text;
  return new Promise((resolve) => {
    const done = (yes) => { box.close(); resolve(yes); };
    el("confirm-yes").onclick = () => done(true);
    el("confirm-no").onclick = () => done(false);
    box.oncancel = (ev) => { ev.preventDefault(); done(false); };  // Escape
    box.showModal();
    el("confirm-no").focus();
  });
}

// an optional sound when the turn comes to a background tab (off unless the player turns it on;
// remembered in this browser)
export function soundOn() { try { return localStorage.getItem("gametable:sound") === "on"; } catch { return false; } }
export function drawSoundButton() {
  const b = el("sound");
  b.textContent = soundOn() ? "sound: on" : "sound: off";
  b.setAttribute("aria-pressed", String(soundOn()));
}
export function toggleSound() {
  try { localStorage.setItem("gametable:sound", soundOn() ? "off" : "on"); } catch { /* no storage */ }
  drawSoundButton();
  if (soundOn()) beep();  // (a click lets the page play sound from now on)
}
let audio = null;
export function beep() {
  if (!soundOn()) return;
  try {
    audio = audio ?? new AudioContext();
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = 660; gain.gain.value = 0.08;
    osc.connect(gain).connect(audio.destination);
    osc.start(); osc.stop(audio.currentTime + 0.18);
  } catch { /* no audio here */ }
}
