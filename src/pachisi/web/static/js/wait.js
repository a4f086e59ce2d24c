// Nothing is a silent wait: what the page is doing (a spinner with a label), and what failed (with a retry).
import { h } from "./dom.js";
import { t } from "./i18n.js";

export function spinner(label) {
  return h("p", { class: "loading", role: "status" }, h("span", { class: "spin", "aria-hidden": "true" }), " ", label);
}

// An alert saying what failed (`title`) and why (the ApiError's message, in the player's language);
// `retry` adds a button that tries again.
export function failure(title, err, retry) {
  const why = err && err.kind === "refused" ? t("err.refused", { message: err.message }) : (err && err.message) || "";
  return h("div", { class: "alert failure", role: "alert", dataset: { kind: (err && err.kind) || "error" } },
    h("strong", { text: title }), " ", h("span", { class: "why", text: why }), " ",
    retry ? h("button", { type: "button", class: "retry", text: t("err.retry"), onclick: retry }) : null);
}
