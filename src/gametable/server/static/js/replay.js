// The replay page (/t/<id>/replay): step through a finished game from its record, as any seat
// saw it or as a spectator, drawn by the game's own renderer (nothing can be played here).
import { h, seatName } from "./util.js";
import { installTips } from "./tips.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).slice(-2)[0]);
const el = (id) => document.getElementById(id);
let data = null;
let step = 0;
let renderer = null;

const ctx = {
  get seat() { return data?.seat ?? null; },
  get info() { return data; },
  msg: null,
  legalSet: new Set(),
  act() { return Promise.resolve({ type: "refused" }); },
  check() { return Promise.resolve({ text: "this is a replay: nothing can be played", rule: null }); },
  showWhy() {},
  rerender() { draw(); },
};

function draw() {
  const view = data.positions[step];
  const last = data.positions.length - 1;
  ctx.msg = { view, legal: [], to_move: view.to_move ?? [], over: step === last, seq: step, log: [],
    outcome: step === last ? data.outcome : undefined };
  renderer.render(el("board"), ctx);
  el("step").value = String(step);
  const move = data.moves[step - 1];
  el("where").textContent = step === 0 ? `start · ${last} move${last === 1 ? "" : "s"}` : `move ${step} of ${last}: ${move.text}`;
  el("log").replaceChildren(...data.moves.map((m, i) => h("li", { value: m.n, class: i === step - 1 ? "current" : null,
    onclick: () => go(i + 1) }, `${seatName(data, m.seat)}: ${m.text}`)));
  el("log").querySelector(".current")?.scrollIntoView({ block: "nearest" });
  const box = el("summary");
  box.replaceChildren();
  if (step === last && data.outcome) {
    box.append(h("h2", {}, "Game over"), h("p", {}, data.outcome.reason),
      h("p", {}, "Winner" + (data.outcome.winners.length > 1 ? "s: " : ": ") + data.outcome.winners.map((s) => seatName(data, s)).join(", ")));
  }
}

function go(k) {
  step = Math.max(0, Math.min(data.positions.length - 1, k));
  draw();
}

async function load(seat) {
  const q = seat === "" ? "" : `?seat=${seat}`;
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay${q}`);
  const body = await res.json();
  if (!res.ok) {
    el("turn").replaceChildren(h("span", {}, body.detail?.message ?? "this game cannot be replayed"), " ",
      h("a", { href: `/t/${encodeURIComponent(tableId)}` }, "back to the table"));
    el("turn").className = "turn problem";
    return false;
  }
  data = body;
  el("step").max = String(data.positions.length - 1);
  return true;
}

async function main() {
  installTips();
  el("back").href = `/t/${encodeURIComponent(tableId)}`;
  if (!(await load(""))) return;
  document.title = `Replay · ${data.title} · gametable`;
  el("title").textContent = `${data.title} · replay`;
  el("viewer").replaceChildren(h("option", { value: "" }, "a spectator"),
    ...data.seats.map((s) => h("option", { value: s.seat }, seatName(data, s.seat))));
  el("viewer").addEventListener("change", async () => { const keep = step; if (await load(el("viewer").value)) go(keep); });
  try { renderer = await import(`./renderers/${data.game}.js`); } catch { renderer = await import("./renderers/generic.js"); }
  el("first").addEventListener("click", () => go(0));
  el("prev").addEventListener("click", () => go(step - 1));
  el("next").addEventListener("click", () => go(step + 1));
  el("last").addEventListener("click", () => go(data.positions.length - 1));
  el("step").addEventListener("input", () => go(Number(el("step").value)));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === "ArrowLeft") go(step - 1);
    if (e.key === "ArrowRight") go(step + 1);
  });
  go(data.positions.length - 1);
}
main();
