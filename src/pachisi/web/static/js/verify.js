// The verify page: re-derive every roll of a record from its revealed seed,
// here in the browser, check the commitment, and ask the server to replay it.
import { h, clear } from "./dom.js";
import { getJSON, getText, postText } from "./api.js";
import { t } from "./i18n.js";
import { spinner, failure } from "./wait.js";
import { parseRecord, diceTokens, optionsOf, rollFromSeed, commitmentHolds } from "./records.js";

export async function checkInBrowser(text) {
  const games = parseRecord(text);
  const rolls = [];
  let commit = null, salt = null, base = null;
  for (const [i, g] of games.entries()) {
    const head = g.headers;
    commit = commit || head.DiceCommit || null;
    salt = salt || head.DiceSalt || null;
    if (head.Seed === undefined) continue;
    const seed = BigInt(head.Seed);
    const round = Number(head.Round || i + 1);
    if (base === null) base = seed - BigInt(round - 1);
    const players = (head.Players || "").split(",").length;
    const q = new URLSearchParams({ players: String(players), options: JSON.stringify(optionsOf(head)) });
    if (head.Preset) q.set("preset", head.Preset);
    const { dice, weights } = await getJSON(`/api/games/${encodeURIComponent(head.Game)}/dice?${q}`);
    diceTokens(g).forEach((d, r) => {
      const exp = rollFromSeed(seed, r, dice, weights);
      rolls.push({ round, line: d.line, player: d.player, dice: d.dice, expected: exp, ok: exp.join("-") === d.dice.join("-") });
    });
  }
  let status = "absent";
  const first = games.length ? games[0].headers : {};
  const terms = `${first.Game}|${(first.Players || "").split(",").length}|${first.Preset}|${first.Options || ""}`;
  if (commit) status = base === null || !salt ? "unrevealed" : commitmentHolds(commit, base.toString(), salt, terms) ? "ok" : "mismatch";
  return { games: games.length, rolls, commitment: status };
}

// Every wait says what it waits for (the browser's check, the server's replay, a room's record); a failure
// says what failed, with a retry.
export async function verifyPage(root, code) {
  const area = h("textarea", { rows: 12, id: "record", "aria-label": t("verify.record"), spellcheck: "false" });
  const file = h("input", { type: "file", accept: ".txt,.pgn,text/plain", "aria-label": t("verify.file") });
  const out = h("div", { class: "verify-out", "aria-live": "polite" });
  const button = h("button", { type: "button", class: "primary", id: "verify", text: t("verify.run") });
  file.addEventListener("change", async () => { if (file.files[0]) area.value = await file.files[0].text(); });
  const run = async () => {
    button.disabled = true;
    clear(out);
    const text = area.value;
    let waiting = spinner(t("verify.local"));
    out.append(waiting);
    try {
      const local = await checkInBrowser(text);
      waiting.remove();
      if (local.commitment === "unrevealed") {      // an unfinished game: its seed is secret, nothing to check yet
        out.append(h("p", { class: "verdict neutral", id: "commit-verdict", text: t("verify.unfinished") }));
        return;
      }
      const ok = local.rolls.filter((r) => r.ok).length;
      out.append(h("p", { class: `verdict ${local.commitment}`, id: "commit-verdict", text: t(`verify.commit.${local.commitment}`) }));
      if (local.rolls.length) {
        out.append(h("p", { class: ok === local.rolls.length ? "verdict ok" : "verdict mismatch", id: "rolls-verdict",
                            text: t("verify.rolls", { ok, n: local.rolls.length }) }));
      }
      const bad = local.rolls.filter((r) => !r.ok).slice(0, 20);
      if (bad.length) out.append(h("ul", {}, bad.map((r) => h("li", { text: t("verify.roll", { r: r.round, line: r.line, player: r.player, dice: r.dice.join("-"), exp: r.expected.join("-") }) }))));
    } catch (e) {
      waiting.remove();
      out.append(failure(t("verify.local.failed"), e, null));
    }
    waiting = spinner(t("verify.remote"));
    out.append(waiting);
    try {
      const server = await postText("/api/verify", text);
      waiting.remove();
      out.append(h("p", { class: server.ok ? "verdict ok" : "verdict mismatch", id: "server-verdict",
                          text: t("verify.server", { text: server.ok ? t("verify.ok") : t("verify.bad") }) }));
      if (server.problems.length) out.append(h("ul", {}, server.problems.slice(0, 20).map((p) => h("li", { text: p }))));
    } catch (e) {
      waiting.remove();
      out.append(failure(t("verify.remote.failed"), e, run));
    } finally {
      button.disabled = false;
    }
  };
  button.addEventListener("click", run);
  clear(root).append(h("section", { class: "panel page verify" }, h("h1", { text: t("verify.title") }), h("p", { text: t("verify.help") }),
    h("label", {}, `${t("verify.file")}: `, file), area, h("p", {}, button), out));
  if (code) {
    const fetchRecord = async () => {
      clear(out).append(spinner(t("wait.record", { code })));
      try {
        area.value = await getText(`/api/rooms/${encodeURIComponent(code)}/record`);
        run();
      } catch (e) {
        clear(out).append(failure(t("verify.record.failed", { code }), e, fetchRecord));
      }
    };
    fetchRecord();
  }
}
