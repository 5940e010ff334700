// Any game: the view as a readable panel, the legal actions as buttons, and free notation input.
import { actionButton, h } from "../util.js";

function value(v) {
  if (v === null || v === undefined) return h("span", { class: "small" }, "—");
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== "object")) return h("span", {}, v.length ? v.join(", ") : "none");
    return h("ul", {}, ...v.map((x) => h("li", {}, value(x))));
  }
  if (typeof v === "object") {
    return h("dl", {}, ...Object.entries(v).flatMap(([k, x]) => [h("dt", {}, k.replaceAll("_", " ")), h("dd", {}, value(x))]));
  }
  return h("span", {}, String(v));
}

export function render(root, ctx) {
  const msg = ctx.msg;
  const parts = [h("section", { class: "panel view-panel" }, h("h2", {}, ctx.seat === null ? "Table (spectator view)" : "What you see"), value(msg.view))];
  if (msg.legal.length) {
    parts.push(h("section", { class: "panel" }, h("h2", {}, "Your choices"),
      h("div", { class: "actions" }, ...msg.legal.map((a) => actionButton(ctx, a.text || a.notation, a, { title: a.notation })))));
  }
  if (ctx.seat !== null && !msg.over) {
    const input = h("input", { placeholder: "action in notation", "aria-label": "action" });
    parts.push(h("section", { class: "panel" }, h("h2", {}, "Type an action"), h("div", { class: "actions" }, input,
      h("button", { type: "button", onclick: async () => { const why = await ctx.check(input.value); ctx.showWhy(why.text, why.rule); } }, "check"),
      h("button", { type: "button", class: "primary", onclick: () => ctx.act(input.value) }, "play"))));
  }
  root.replaceChildren(...parts);
}
