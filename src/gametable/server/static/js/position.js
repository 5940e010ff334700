// The position page (/rules/<game>/position?p=...): a position the referee judged for a rules
// question, drawn by the game's own renderer as one seat (or a spectator) sees it. Nothing can be
// played: the renderer's buttons only say so. The server puts the view in #position-data.
import { h, seatName } from "./util.js";
import { installTips } from "./tips.js";

const el = (id) => document.getElementById(id);
const data = JSON.parse(el("position-data").textContent);
const LOOK_ONLY = "This position is for looking at: nothing is played here.";

function showWhy(text) {
  let box = el("why");
  if (!box) { box = h("div", { id: "why", class: "why", role: "alert" }); document.body.append(box); }
  box.hidden = !text;
  box.replaceChildren(h("button", { type: "button", class: "link close", "aria-label": "close", onclick: () => { box.hidden = true; } }, "×"), text ?? "");
}

const ctx = {
  get seat() { return data.seat; },
  get info() { return data; },
  msg: { view: data.view, legal: data.legal, to_move: data.to_move, over: data.over, seq: 0, log: [], outcome: data.outcome },
  legalSet: new Set(data.legal.map((a) => a.notation)),
  act() { showWhy(LOOK_ONLY); return Promise.resolve({ type: "refused", error: { kind: "look", message: LOOK_ONLY } }); },
  check() { return Promise.resolve({ text: LOOK_ONLY, rule: null }); },
  showWhy,
  rerender() { draw(); },
};

let renderer = null;
function draw() {
  renderer.render(el("board"), ctx);
  const box = el("summary");
  box.replaceChildren();
  if (renderer.summary) renderer.summary(box, ctx);
}

async function main() {
  installTips();
  document.title = `${data.title} · a position · gametable`;
  try { renderer = await import(`./renderers/${data.game}.js`); } catch { renderer = await import("./renderers/generic.js"); }
  draw();
  const who = data.seat === null ? "A spectator" : seatName(data, data.seat);
  const legal = el("legal");
  if (data.over) legal.replaceChildren(h("li", {}, "The game is over here."));
  else if (!data.legal.length) legal.replaceChildren(h("li", {}, `${who} has nothing to decide here; to move: ${data.to_move.map((s) => seatName(data, s)).join(", ") || "no one"}.`));
  else legal.replaceChildren(...data.legal.map((a) => h("li", {}, a.text || a.notation)));
}
main();
