// Moves shown as they happen: the pace at which other seats' moves are shown (fast, normal,
// slow; remembered in this browser) and the animations a renderer asks for.
//
// A renderer may export `motions(before, after, info)`: what moved between two messages, as a
// list of
//   { el: "selector", from: "selector" }      the new element slides from where the old one was
//   { el: "selector", path: ["sel", ...] }    the new element walks through old elements' places
//   { el: "selector", flash: true }           the new element is lit for a moment
// The selectors of `from` and `path` are read in the page before the move is drawn, those of
// `el` after. Animations are skipped when the tab is hidden or the user prefers reduced motion.

export const PACES = {
  fast: { gap: 150, slide: 200, label: "fast" },
  normal: { gap: 700, slide: 450, label: "normal" },
  slow: { gap: 1600, slide: 900, label: "slow" },
};
const KEY = "gametable:pace";

export function pace() {
  let name = "normal";
  try { name = localStorage.getItem(KEY) ?? "normal"; } catch { /* no storage */ }
  return PACES[name] ? name : "normal";
}

export function setPace(name) {
  try { localStorage.setItem(KEY, name); } catch { /* no storage: for this page only */ }
}

const REDUCED = window.matchMedia?.("(prefers-reduced-motion: reduce)");

// whether moves are animated now (not in a hidden tab, not for a user who asked for less motion)
export function animating() {
  return !document.hidden && !REDUCED?.matches;
}

// the places (screen rectangles' centres) of the old elements the motions start from
export function measure(motions) {
  const at = (sel) => {
    const el = sel && document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return r.width || r.height ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null;
  };
  return motions.map((m) => ({ ...m, fromAt: m.from ? at(m.from) : null, pathAt: (m.path ?? []).map(at).filter(Boolean) }));
}

// a screen offset as the element's own units (an SVG element is drawn in its picture's scale)
function units(el, dx, dy) {
  const svg = el instanceof SVGElement ? el.ownerSVGElement ?? el : null;
  const m = svg?.getScreenCTM?.();
  return m && m.a && m.d ? [dx / m.a, dy / m.d] : [dx, dy];
}

function centre(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

// play the measured motions on the drawn page; resolves when they end
export function play(measured, ms) {
  const runs = [];
  for (const m of measured) {
    const el = document.querySelector(m.el);
    if (!el) continue;
    el.classList.add("moving");
    const points = m.fromAt ? [m.fromAt] : m.pathAt;
    let anim;
    if (points.length) {
      const end = centre(el);
      const frames = points.map((p) => {
        const [dx, dy] = units(el, p.x - end.x, p.y - end.y);
        return { transform: `translate(${dx}px, ${dy}px)` };
      });
      frames.push({ transform: "translate(0px, 0px)" });
      anim = el.animate(frames, { duration: ms * Math.max(1, Math.min(3, frames.length / 3)), easing: "ease-in-out" });
    } else {
      anim = el.animate([{ opacity: 0.2 }, { opacity: 1 }], { duration: ms, easing: "ease-out" });
    }
    el.classList.add("lit");
    runs.push(anim.finished.catch(() => null).then(() => {
      el.classList.remove("moving");
      setTimeout(() => el.classList.remove("lit"), ms * 2);
    }));
  }
  return Promise.all(runs);
}
