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

// An action button: legal ones act on click; illegal ones ask the server why (check) on hover,
// focus or click, and show the rule it breaks.
export function actionButton(ctx, label, notation, extra = {}) {
  const legal = ctx.legalSet.has(notation);
  const btn = h("button", { type: "button", class: legal ? "legal" : "illegal",
    "data-action": notation, "aria-disabled": legal ? null : "true", ...extra }, label);
  if (legal) {
    btn.addEventListener("click", () => ctx.act(notation));
  } else {
    const explain = async () => {
      const why = await ctx.check(notation);
      btn.title = why.text;
      return why;
    };
    btn.addEventListener("mouseenter", explain);
    btn.addEventListener("focus", explain);
    btn.addEventListener("click", async () => { const why = await explain(); ctx.showWhy(why.text, why.rule); });
  }
  return btn;
}
