// The parts of the table page a multi-table tournament adds to a sit & go's: the number of
// the table on screen, registration before the start, and the list of tables after it.
// Every state is one table's (docs/protocol.md): a player sees their own, wherever the
// tournament moves them (and, once out, the table they went out at while it plays on);
// anyone else the one they chose (`watch`), table 1 at first.
import { h, patch, chips, plural } from "./dom.js";
import { isMultiTable } from "./table-tournament.js";

const $ = (id) => document.getElementById(id);

/** The number of the table on screen: 0 is the lobby where everyone waits for the start. */
export function tableNumber(state) {
  return (state && state.table && state.table.number) || 0;
}

/** The query that names the table on screen in download paths ("?table=2"), if any. */
export function tableQuery(state) {
  return isMultiTable(state) ? `?table=${tableNumber(state)}` : "";
}

/** The dock's line for someone without a seat here: registered, watching, or out. */
export function watcherText(state) {
  const you = state.you || {};
  if (state.status === "ended") return "The tournament is over.";
  if (state.status === "waiting") {
    return you.entrant
      ? `You are registered as ${you.entrant}: the seat draw seats you when it starts.`
      : "Register to play: the seat draw seats everyone when it starts.";
  }
  return `Watching table ${tableNumber(state)}: choose another in the list of tables.`;
}

export class MultiTablePanel {
  /** `send(type, fields)` sends a message; `nameKey` is where the page keeps the name last used. */
  constructor(send, nameKey) {
    this.send = send;
    this.nameKey = nameKey;
    $("register-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.register();
    });
    $("unregister-button").addEventListener("click", () => send("unregister"));
  }

  register() {
    const input = $("register-name");
    const name = input.value.trim();
    if (!name) {
      input.focus();
      return;
    }
    localStorage.setItem(this.nameKey, name);
    this.send("register", { name });
  }

  render(state) {
    const mtt = isMultiTable(state);
    const number = tableNumber(state);
    document.body.classList.toggle("multi-table", mtt);
    // The lobby is no table: nobody sits there, so its seats are not drawn.
    document.body.classList.toggle("mtt-lobby", mtt && number === 0);
    $("table-number").hidden = !mtt;
    $("registration").hidden = !mtt || state.status !== "waiting";
    $("tables-row").hidden = !mtt || state.status === "waiting";
    if (!mtt) return;
    const tables = (state.tournament && state.tournament.tables) || [];
    const final = number && tables.length === 1 && state.status !== "ended" ? " · final table" : "";
    $("table-number").textContent = number ? `Table ${number}${final}` : "Registration";
    if (state.status === "waiting") this.renderRegistration(state);
    else this.renderTables(state, number);
  }

  renderRegistration(state) {
    const t = state.tournament || {};
    const registered = t.registered || [];
    const me = (state.you && state.you.entrant) || null;
    patch($("registered-list"), JSON.stringify([registered, me]), () =>
      registered.length
        ? registered.map((entrant) =>
            h(
              "li",
              { class: `tour-place${entrant.name === me ? " me" : ""}` },
              h("span", { class: "tour-name", title: entrant.name }, entrant.name),
              entrant.bot ? h("span", { class: "badge bot", title: `a ${entrant.bot} bot` }, `bot · ${entrant.bot}`) : null,
            ),
          )
        : h("li", { class: "muted" }, "Nobody yet."),
    );
    $("register-form").hidden = Boolean(me);
    $("registered-as").hidden = !me;
    $("registered-as-text").textContent = me ? `You are registered as ${me}.` : "";
    const input = $("register-name");
    if (!me && !input.value && document.activeElement !== input) input.value = localStorage.getItem(this.nameKey) || "";
  }

  /** One row per table in play; a player without a seat (watching, or out) picks one to watch. */
  renderTables(state, watched) {
    const t = state.tournament || {};
    const tables = [...(t.tables || [])].sort((a, b) => a.table - b.table);
    const own = (state.you && state.you.table) || null;
    const canWatch = own === null;
    $("tables-note").textContent = `· ${plural(tables.length, "table")}${t.moves ? ` · ${plural(t.moves, "move")}` : ""}`;
    patch($("tournament-tables"), JSON.stringify([tables, own, watched]), () =>
      tables.map((row) => {
        const n = row.table;
        const facts = [
          h("span", { class: "mtt-table-name" }, `Table ${n}`),
          h("span", { class: "mtt-table-players" }, plural(row.players, "player")),
          h("span", { class: "mtt-table-largest", title: "the largest stack" }, `top ${chips(row.largest)}`),
          n === own ? h("span", { class: "badge you" }, "you") : null,
          n === watched && n !== own ? h("span", { class: "badge watching" }, "watching") : null,
        ];
        const here = n === watched;
        return h(
          "li",
          { class: `mtt-table${n === own ? " mine" : ""}${here ? " here" : ""}`, testid: `tournament-table-${n}`, "aria-current": here ? "true" : null },
          canWatch && !here
            ? h("button", { type: "button", class: "mtt-watch", testid: `watch-table-${n}`, title: `Watch table ${n}`, onclick: () => this.send("watch", { table: n }) }, facts)
            : h("div", { class: "mtt-watch" }, facts),
        );
      }),
    );
  }
}
