// Home-game parts of the table page: showing one's cards after the hand, the rabbit
// board, what waits for the next hand (a bomb pot, new blinds) and the 7-2 bounty, and
// the host's bomb pot button and blinds form. Each builds its own elements beside the
// page's, so the page's HTML needs none of them (docs/protocol.md: show_cards,
// call_bomb_pot, set_blinds; the state's rabbit, house and you.show_after).
import { h, chips, patch } from "./dom.js";
import { cardEl, cardText } from "./cards.js";

const $ = (id) => document.getElementById(id);
const ANTE_WORDS = { none: "", uniform: "ante", "big-blind": "big-blind ante", button: "button ante" };

export class HomeGame {
  constructor(send) {
    this.send = send;
    this.showBar = h("div", { class: "show-cards", testid: "show-cards", hidden: true, role: "group", "aria-label": "Show your cards" });
    $("dock-info").parentElement.after(this.showBar); // a row of its own under the cards
    this.rabbit = h("div", { class: "rabbit-board", testid: "rabbit-board", hidden: true, "aria-label": "The rabbit: the board that would have come, not played" });
    this.note = h("div", { class: "house-note", testid: "house-pending", hidden: true, role: "status" });
    $("board").after(this.rabbit);
    $("banner").after(this.note);
    // The house's standing rules sit under the player's cards: on the felt they would
    // meet the bets.
    this.rules = h("p", { class: "house-rules", testid: "odd-chips", hidden: true });
    this.showBar.after(this.rules);
    this.hostTools = this.buildHostTools();
    $("host-panel").querySelector(".host-buttons").after(this.hostTools);
  }

  buildHostTools() {
    const number = (id, label, min) => h("label", { class: "field" }, label, h("input", { type: "number", id, testid: id, min, step: 1, inputmode: "numeric" }));
    this.bombButton = h("button", { type: "button", class: "btn small", testid: "host-bomb-pot", onclick: () => this.send("call_bomb_pot") }, "Bomb pot next hand");
    this.kind = h(
      "select",
      { id: "host-blinds-ante-kind", testid: "host-blinds-ante-kind", "aria-label": "Ante kind" },
      Object.entries({ none: "no ante", uniform: "ante", "big-blind": "big-blind ante", button: "button ante" }).map(([value, text]) => h("option", { value }, text)),
    );
    this.blindsForm = h(
      "form",
      { class: "house-blinds", testid: "host-blinds", onsubmit: (event) => this.submitBlinds(event) },
      number("host-blinds-small", "Small blind", 0),
      number("host-blinds-big", "Big blind", 1),
      number("host-blinds-ante", "Ante", 0),
      h("label", { class: "field" }, "Ante kind", this.kind),
      h("button", { type: "submit", class: "btn small", testid: "host-blinds-apply" }, "From next hand"),
    );
    return h("div", { class: "house-tools", testid: "house-tools" }, h("h3", {}, "Home game"), this.bombButton, this.blindsForm);
  }

  submitBlinds(event) {
    event.preventDefault();
    const whole = (id) => Number.parseInt($(id).value, 10);
    const kind = this.kind.value;
    this.send("set_blinds", {
      small_blind: whole("host-blinds-small"),
      big_blind: whole("host-blinds-big"),
      ante: kind === "none" ? 0 : whole("host-blinds-ante") || 0,
      ante_kind: kind,
    });
  }

  render(state) {
    this.renderShowBar(state);
    this.renderRabbit(state);
    this.renderNote(state);
    this.renderHostTools(state);
  }

  renderShowBar(state) {
    const offer = (state.you && state.you.show_after) || [];
    const me = state.you && state.you.seat ? (state.seats || []).find((s) => s.seat === state.you.seat) : null;
    const hole = me && Array.isArray(me.cards) ? me.cards : [];
    this.showBar.hidden = offer.length === 0 || state.hand !== null;
    patch(this.showBar, JSON.stringify([offer, hole]), () => {
      const label = { first: hole[0] ? `Show ${cardText(hole[0])}` : "Show first", second: hole[1] ? `Show ${cardText(hole[1])}` : "Show second", both: "Show both" };
      return offer.map((which) => h("button", { type: "button", class: `btn small show-${which}`, testid: `show-${which}`, onclick: () => this.send("show_cards", { cards: which }) }, label[which]));
    });
  }

  renderRabbit(state) {
    const rabbit = state.rabbit;
    const sd = state.showdown;
    // Like the showdown, the rabbit stays until the next hand is dealt.
    const shown = rabbit && sd && sd.hand === rabbit.hand && !state.hand;
    this.rabbit.hidden = !shown;
    patch(this.rabbit, shown ? JSON.stringify(rabbit) : "none", () =>
      shown ? [h("span", { class: "rabbit-label" }, "Rabbit"), ...rabbit.cards.map((c) => cardEl(c, { size: "small" }))] : [],
    );
    for (const card of this.rabbit.querySelectorAll(".card")) {
      card.classList.add("rabbit");
      card.dataset.testid = "rabbit-card";
      card.title = `${card.title} (not played)`;
    }
  }

  renderNote(state) {
    const house = state.house;
    const lines = [];
    if (house && house.bomb_pot_next) lines.push(h("span", { testid: "bomb-pot-next" }, `Bomb pot next hand: everyone antes ${chips(house.bomb_pot_next)}`));
    if (house && house.next_blinds) lines.push(h("span", { testid: "blinds-next" }, `Blinds ${blindsText(house.next_blinds)} from the next hand`));
    const won = house && house.bounty_won;
    if (won && state.showdown && won.hand === state.showdown.hand && !state.hand) lines.push(h("span", { testid: "seven-deuce-won" }, `${won.name} wins with 7-2: +${chips(won.chips)} bounty`));
    else if (house && house.seven_deuce_bounty) lines.push(h("span", { class: "muted", testid: "seven-deuce" }, `7-2 game: ${chips(house.seven_deuce_bounty)} from each player`));
    const rule = house && house.odd_chips && house.seven_deuce_bounty !== undefined ? `House rule: ${house.odd_chips} (R25)` : "";
    this.rules.hidden = !rule;
    if (this.rules.textContent !== rule) this.rules.textContent = rule;
    this.note.hidden = lines.length === 0;
    patch(this.note, JSON.stringify(lines.map((l) => l.textContent)), () => lines);
  }

  renderHostTools(state) {
    const table = state.table || {};
    const host = Boolean(state.you && state.you.host);
    const cash = table.mode === "cash" && state.status !== "ended";
    this.hostTools.hidden = !host || !cash;
    if (this.hostTools.hidden) return;
    const house = state.house || {};
    this.bombButton.hidden = !table.bomb_pots;
    this.bombButton.disabled = Boolean(house.bomb_pot_next);
    this.bombButton.textContent = house.bomb_pot_next ? "Bomb pot called" : `Bomb pot next hand (${chips(table.bomb_pot_ante)} each)`;
    // The form starts from the blinds that will apply next; a field being typed in stays.
    const next = house.next_blinds || table;
    const key = JSON.stringify([next.small_blind, next.big_blind, next.ante, next.ante_kind]);
    if (this.blindsKey !== key && !this.blindsForm.contains(document.activeElement)) {
      this.blindsKey = key;
      $("host-blinds-small").value = next.small_blind;
      $("host-blinds-big").value = next.big_blind;
      $("host-blinds-ante").value = next.ante;
      this.kind.value = next.ante && next.ante_kind === "none" ? "uniform" : next.ante_kind;
    }
  }
}

function blindsText(b) {
  const kind = ANTE_WORDS[b.ante_kind] || "ante";
  return `${chips(b.small_blind)}/${chips(b.big_blind)}${b.ante ? `, ${kind} ${chips(b.ante)}` : ""}`;
}
