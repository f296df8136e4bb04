// The hand replayer: a finished hand step by step, from /api/tables/<id>/hands/<n>/replay
// (the server sends only the hole cards this browser may see). `?hand=<n>` in the page's
// address opens it on that hand, so a hand can be shared with a link.
import { h, chips } from "./dom.js";
import { cardEl } from "./cards.js";

export class Replayer {
  constructor(tableId) {
    this.tableId = tableId;
    this.hand = null; // the replay being shown
    this.index = 0;
    this.query = "";
    this.panel = h("section", { class: "replayer", testid: "replayer", role: "dialog", "aria-modal": "true", "aria-labelledby": "replay-title", hidden: true });
    document.body.append(this.panel);
    document.addEventListener("keydown", (event) => {
      if (this.panel.hidden) return;
      if (event.key === "ArrowLeft") this.go(-1);
      else if (event.key === "ArrowRight") this.go(1);
      else if (event.key === "Escape") this.close();
    });
  }

  /** Buttons named `data-replay="<n>"` (the hand list's) open that hand. */
  listenTo(list, query = () => "") {
    list.addEventListener("click", (event) => {
      const button = event.target.closest("[data-replay]");
      if (button) this.open(Number(button.dataset.replay), query());
    });
  }

  async open(number, query = "") {
    if (!(number > 0)) return;
    this.query = query;
    this.show(h("p", { class: "muted" }, `Loading hand #${number}…`), number);
    let body = null;
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(this.tableId)}/hands/${number}/replay${query}`, { headers: { Accept: "application/json" } });
      body = await response.json();
      if (!response.ok) throw new Error(body && body.error ? body.error : `hand #${number} could not be loaded`);
    } catch (problem) {
      this.show(h("p", { class: "replay-error", testid: "replay-error" }, String(problem.message || problem)), number);
      return;
    }
    this.hand = body;
    this.index = 0;
    this.draw();
  }

  go(delta) {
    if (!this.hand) return;
    this.index = Math.max(0, Math.min(this.hand.steps.length - 1, this.index + delta));
    this.draw();
  }

  close() {
    this.panel.hidden = true;
    this.hand = null;
  }

  show(body, number) {
    this.panel.replaceChildren(
      h(
        "div",
        { class: "replay-box" },
        h("header", { class: "replay-head" }, h("h2", { id: "replay-title" }, `Replay · hand #${number}`), h("button", { type: "button", class: "btn small", testid: "replay-close", onclick: () => this.close() }, "Close")),
        body,
      ),
    );
    this.panel.hidden = false;
  }

  draw() {
    const hand = this.hand;
    const step = hand.steps[this.index];
    const last = hand.steps.length - 1;
    const link = `${window.location.origin}/t/${encodeURIComponent(this.tableId)}?hand=${hand.number}${this.query.replace("?", "&")}`;
    const seats = step.seats.map((seat) =>
      h(
        "li",
        { class: `replay-seat${seat.folded ? " folded" : ""}${seat.seat === hand.you ? " you" : ""}${seat.seat === hand.button ? " button" : ""}`, testid: `replay-seat-${seat.seat}` },
        h("span", { class: "replay-name" }, `${seat.seat}. ${seat.name}${seat.seat === hand.button ? " (D)" : ""}`),
        h("span", { class: "replay-cards" }, (seat.cards || [null, null]).map((code) => cardEl(code, { size: "small", dim: seat.folded }))),
        h("span", { class: "replay-stack", testid: `replay-stack-${seat.seat}` }, chips(seat.stack)),
        h("span", { class: "replay-bet" }, seat.bet ? `bet ${chips(seat.bet)}` : seat.folded ? "folded" : ""),
      ),
    );
    this.show(
      h(
        "div",
        { class: "replay-body" },
        h("div", { class: "replay-board", testid: "replay-board" }, step.board.length ? step.board.map((code) => cardEl(code)) : h("span", { class: "muted" }, "no board yet")),
        h("p", { class: "replay-pot", testid: "replay-pot" }, `Pot ${chips(potWithBets(step))} · ${step.street}`),
        h("ol", { class: "replay-seats" }, seats),
        h("p", { class: "replay-text", testid: "replay-text", "aria-live": "polite" }, step.text),
        h(
          "div",
          { class: "replay-controls" },
          h("button", { type: "button", class: "btn", testid: "replay-prev", disabled: this.index === 0, onclick: () => this.go(-1) }, "◀ Back"),
          h("span", { class: "replay-count", testid: "replay-step" }, `${this.index + 1} / ${last + 1}`),
          h("button", { type: "button", class: "btn primary", testid: "replay-next", disabled: this.index === last, onclick: () => this.go(1) }, "Next ▶"),
        ),
        h("label", { class: "replay-share" }, "Link to this hand", h("input", { type: "text", readonly: true, testid: "replay-link", value: link })),
      ),
      hand.number,
    );
  }
}

/** The chips in the middle and those bet in front of the players: all of it is at stake,
 * as the felt's "Pot" counts it. */
export function potWithBets(step) {
  return step.pot + step.seats.reduce((sum, seat) => sum + (seat.bet || 0), 0);
}

/** The hand the page's address asks to replay (`?hand=12`, a tournament's `&table=2`):
 * `{number, query}`, or null. */
export function handInAddress() {
  const params = new URLSearchParams(window.location.search);
  const digits = (value) => value !== null && /^\d{1,9}$/.test(value);
  if (!digits(params.get("hand"))) return null;
  const table = params.get("table");
  return { number: Number(params.get("hand")), query: digits(table) ? `?table=${table}` : "" };
}
