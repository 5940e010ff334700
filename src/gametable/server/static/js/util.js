// Small DOM helpers shared by the lobby, the table page and the renderers.
export const SVG_NS = "http://www.w3.org/2000/svg";

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
}

export function seatName(info, seat) {
  if (seat === null || seat === undefined) return "spectator";
  const s = info?.seats?.[seat];
  const who = s?.name ? `${s.name} (seat ${seat})` : `seat ${seat}`;
  return s && s.kind === "bot" ? `${who}, bot ${s.bot}` : who;
}

// An action button for `action`: a legal entry of the message (`{notation, text, json, steps}`:
// acts with its JSON form on click), or the JSON form / notation of an action that is not legal
// now (asks the server why, `check`, on hover, focus or click, and shows the rule it breaks).
export function actionButton(ctx, label, action, extra = {}) {
  const entry = typeof action === "object" && action !== null && "notation" in action ? action : null;
  const legal = entry !== null || (typeof action === "string" && ctx.legalSet.has(action));
  const wire = entry ? entry.json ?? entry.notation : action;
  const notation = entry ? entry.notation : typeof action === "string" ? action : null;
  const btn = h("button", { type: "button", class: legal ? "legal" : "illegal",
    "data-action": notation, "aria-disabled": legal ? null : "true", title: entry?.text ?? null, ...extra }, label);
  if (legal) {
    btn.addEventListener("click", () => ctx.act(wire));
  } else {
    const explain = async () => {
      const why = await ctx.check(wire);
      btn.title = why.text;
      return why;
    };
    btn.addEventListener("mouseenter", explain);
    btn.addEventListener("focus", explain);
    btn.addEventListener("click", async () => { const why = await explain(); ctx.showWhy(why.text, why.rule); });
  }
  return btn;
}

// The JSON form to send for a legal entry (its notation when the game has no JSON form).
export const wire = (entry) => entry.json ?? entry.notation;

// -- tables this browser has a seat at (the lobby lists them) -------------------------------------
const MY_TABLES = "gametable:my-tables";

export function myTables() {
  try { return JSON.parse(localStorage.getItem(MY_TABLES) ?? "[]"); } catch { return []; }
}

export function rememberTable(t) {
  const list = myTables().filter((x) => !(x.id === t.id && x.seat === t.seat));
  list.unshift({ ...t, seen: Date.now() });
  try { localStorage.setItem(MY_TABLES, JSON.stringify(list.slice(0, 30))); } catch { /* private mode: not remembered */ }
}

export function forgetTable(id) {
  try { localStorage.setItem(MY_TABLES, JSON.stringify(myTables().filter((x) => x.id !== id))); } catch { /* nothing kept */ }
}
