// Dark mode: the page follows the system's prefers-color-scheme until the player presses the toggle in
// the header; their choice is kept in this browser (a choice equal to the system's is forgotten, so the
// page follows the system again).  The theme is <html data-theme="light|dark"> (theme.css).
import { h } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "pachisi.theme";
const system = () => typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)");

function chosen() {
  try { const v = JSON.parse(localStorage.getItem(KEY)); return v === "dark" || v === "light" ? v : null; } catch { return null; }
}

export function currentTheme() { return chosen() || (system() && system().matches ? "dark" : "light"); }

function apply(button) {
  const theme = currentTheme();
  document.documentElement.dataset.theme = theme;
  if (button) {
    button.setAttribute("aria-pressed", String(theme === "dark"));
    button.textContent = theme === "dark" ? "☀" : "☾";
    button.setAttribute("aria-label", t("theme.dark"));
    button.title = t("theme.dark");
  }
}

// The toggle, put after `anchor` (the header's language buttons); the theme applied now and on every
// change of the system's.
export function initTheme(anchor) {
  const button = h("button", { type: "button", class: "theme-toggle", dataset: { i18nLabel: "theme.dark" },
    onclick: () => {
      const next = currentTheme() === "dark" ? "light" : "dark";
      const follows = (system() && system().matches ? "dark" : "light") === next;
      try { if (follows) localStorage.removeItem(KEY); else localStorage.setItem(KEY, JSON.stringify(next)); } catch { /* private mode */ }
      apply(button);
    } });
  if (anchor) anchor.after(button);
  const media = system();
  if (media && media.addEventListener) media.addEventListener("change", () => apply(button));
  apply(button);
  return button;
}
