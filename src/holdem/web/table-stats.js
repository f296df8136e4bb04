// Player stats from this table's own hands (/api/tables/<id>/stats, counted by the server
// as each hand ends): hands, VPIP, PFR and net for everyone seated, then for everyone who
// played here and left (their rows have no seat: `stats-left-N`, N from 1).
import { h, chips, patch } from "./dom.js";

export class StatsPanel {
  constructor(tableId) {
    this.tableId = tableId;
    this.key = null; // the hands played and the seated names the numbers were fetched for
    this.request = 0;
    this.body = h("div", { class: "stats-body" });
    this.panel = h(
      "section",
      { class: "panel stats", testid: "stats", "aria-labelledby": "stats-title" },
      h("h2", { id: "stats-title", title: "VPIP: hands played by choice before the flop. PFR: hands raised before the flop." }, "Player stats"),
      this.body,
    );
    const ledger = document.getElementById("ledger-panel");
    ledger.before(this.panel);
  }

  /** Fetch the numbers again when a hand ends or someone sits down or leaves. */
  render(state, query = "") {
    const seated = (state.seats || []).filter((s) => s.name).map((s) => `${s.seat}:${s.name}`);
    const key = JSON.stringify([state.hands_played, seated, query]);
    if (key === this.key) return;
    this.key = key;
    this.load(query);
  }

  async load(query) {
    const mine = ++this.request;
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(this.tableId)}/stats${query}`, { headers: { Accept: "application/json" } });
      if (!response.ok) return;
      const rows = await response.json();
      if (mine === this.request && Array.isArray(rows)) this.draw(rows);
    } catch {
      // The numbers come back with the next hand.
    }
  }

  draw(rows) {
    patch(this.body, JSON.stringify(rows), () => {
      if (!rows.length) return h("p", { class: "muted" }, "No hand has been played yet.");
      let left = 0;
      const ids = rows.map((row) => (row.seat === null || row.seat === undefined ? `left-${(left += 1)}` : String(row.seat)));
      const signed = (n) => (n > 0 ? `+${chips(n)}` : chips(n));
      return h(
        "table",
        { class: "list stats-table" },
        h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Hands"), h("th", { title: "voluntarily put chips in preflop" }, "VPIP"), h("th", { title: "raised preflop" }, "PFR"), h("th", {}, "Net"))),
        h(
          "tbody",
          {},
          rows.map((row, i) =>
            h(
              "tr",
              { testid: `stats-${ids[i]}`, class: row.seat ? "" : "left" },
              h("td", {}, row.seat ? `${row.seat}. ${row.name}` : row.name),
              h("td", { testid: `stats-hands-${ids[i]}` }, String(row.hands)),
              h("td", { testid: `stats-vpip-${ids[i]}` }, `${row.vpip}%`),
              h("td", { testid: `stats-pfr-${ids[i]}` }, `${row.pfr}%`),
              h("td", { testid: `stats-net-${ids[i]}`, class: row.net > 0 ? "up" : row.net < 0 ? "down" : "" }, signed(row.net)),
            ),
          ),
        ),
      );
    });
  }
}
