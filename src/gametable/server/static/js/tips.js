// Tap to explain: what a mouse learns by hovering (an element's title attribute, an SVG shape's
// <title>) a finger learns by tapping. A tap on something that is not a control (a riches chip,
// a board space, a column head) shows its explanation in a small box; a long press (half a
// second) shows the explanation of anything, controls included, without acting.
import { h } from "./util.js";

const LONG_PRESS_MS = 450;
const SHOWN_MS = 6000;
const CONTROLS = "button, a, input, select, textarea, label, summary, [role=button]";

let tip = null;
let hideTimer = 0;
let pressTimer = 0;
let swallowClick = false;
let lastPointer = "mouse";

// the explanation of `el` or of its nearest ancestor that has one: [element, text]
export function explanationOf(el) {
  for (let node = el; node && node !== document.body; node = node.parentNode) {
    if (node.nodeType !== 1) continue;
    const attr = node.getAttribute("title");
    if (attr) return [node, attr];
    if (node instanceof SVGElement) {
      const t = node.querySelector(":scope > title");
      if (t && t.textContent) return [node, t.textContent];
    }
  }
  return [null, ""];
}

function box() {
  if (!tip) {
    tip = h("div", { id: "tip", class: "tip", role: "tooltip", "data-testid": "tip", hidden: true });
    tip.addEventListener("click", hide);
    document.body.append(tip);
  }
  return tip;
}

function hide() { if (tip) tip.hidden = true; }

// show `text` near the point (x, y), kept inside the screen
export function showTip(text, x, y, source = null) {
  const t = box();
  t.textContent = text;
  t.hidden = false;
  const w = Math.min(320, window.innerWidth - 16);
  t.style.maxWidth = `${w}px`;
  const r = t.getBoundingClientRect();
  const left = Math.max(8, Math.min(x - r.width / 2, window.innerWidth - r.width - 8));
  const below = y + 24 + r.height < window.innerHeight;
  const top = below ? y + 24 : Math.max(8, y - 24 - r.height);
  t.style.left = `${left}px`; t.style.top = `${top}px`;
  clearTimeout(hideTimer);
  hideTimer = setTimeout(hide, SHOWN_MS);
  // some explanations are asked of the server on first touch (why a choice is not legal): read
  // the element again once the answer may have come
  if (source) setTimeout(() => { const [, again] = explanationOf(source); if (!t.hidden && again && again !== t.textContent) t.textContent = again; }, 600);
}

export function installTips(root = document) {
  root.addEventListener("pointerdown", (ev) => {
    lastPointer = ev.pointerType;
    clearTimeout(pressTimer);
    if (ev.pointerType !== "touch") return;
    const { clientX: x, clientY: y, target } = ev;
    pressTimer = setTimeout(() => {
      const [el, text] = explanationOf(target);
      if (!text) return;
      swallowClick = true;  // a long press explains; it does not act
      showTip(text, x, y, el);
    }, LONG_PRESS_MS);
  }, true);
  for (const kind of ["pointerup", "pointercancel", "pointermove"]) {
    root.addEventListener(kind, (ev) => { if (kind !== "pointermove" || Math.abs(ev.movementX) + Math.abs(ev.movementY) > 6) clearTimeout(pressTimer); }, true);
  }
  root.addEventListener("click", (ev) => {
    if (swallowClick) { swallowClick = false; ev.preventDefault(); ev.stopPropagation(); return; }
    if (lastPointer !== "touch") return;
    if (ev.target.closest?.("#tip")) return;
    if (ev.target.closest?.(CONTROLS)) { hide(); return; }  // a control acts; long-press it to read it
    const [el, text] = explanationOf(ev.target);
    if (text) showTip(text, ev.clientX, ev.clientY, el); else hide();
  }, true);
  root.addEventListener("contextmenu", (ev) => { if (lastPointer === "touch" && tip && !tip.hidden) ev.preventDefault(); }, true);
}
