// Pre-action buttons: check/fold, call (this amount), call any, chosen before your turn.
// The server keeps the choice and makes it when the turn comes (docs/protocol.md,
// `pre_action`); a raise cancels "call", a new street all of them, and the state's
// `you.pre_action` says which one is set.
import { h, chips } from "./dom.js";

const KINDS = [
  ["checkfold", "pre-checkfold"],
  ["call", "pre-call"],
  ["callany", "pre-callany"],
];

export class PreActions {
  constructor(send) {
    this.send = send;
    this.bet = 0; // the bet to call that the buttons show
    this.buttons = new Map(KINDS.map(([kind, testid]) => [kind, h("button", { type: "button", class: "btn small pre", testid, "aria-pressed": "false", onclick: () => this.toggle(kind) })]));
    this.row = h("div", { class: "pre-actions", testid: "pre-actions", role: "group", "aria-label": "Act in turn", hidden: true }, [...this.buttons.values()]);
    document.getElementById("actions").after(this.row);
  }

  toggle(kind) {
    const on = this.buttons.get(kind).getAttribute("aria-pressed") === "true";
    this.send("pre_action", on ? { action: null } : { action: kind, amount: this.bet });
  }

  render(state) {
    const hand = state.hand;
    const you = state.you || {};
    const me = you.seat ? (state.seats || []).find((s) => s.seat === you.seat) : null;
    // Offered while a hand goes on, you are in it with chips behind, and it is not your turn.
    const open = Boolean(hand && me && me.dealt && !hand.legal && hand.to_act && me.state !== "folded" && me.state !== "all-in" && state.status === "running");
    this.row.hidden = !open;
    if (!open) return;
    const bets = (state.seats || []).map((s) => s.bet || 0);
    this.bet = Math.max(0, ...bets);
    const owe = this.bet - (me.bet || 0);
    const labels = { checkfold: owe > 0 ? "Fold" : "Check/fold", call: owe > 0 ? `Call ${chips(owe)}` : "Check", callany: "Call any" };
    for (const [kind, button] of this.buttons) {
      button.textContent = labels[kind];
      button.setAttribute("aria-pressed", String(you.pre_action === kind));
    }
  }
}
