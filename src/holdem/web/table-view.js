// The felt: seats around the oval, the bets in front of them, the board, the pots and the
// banner. Everything here is drawn from the `state` message (docs/protocol.md); no rule of
// the game is computed in the browser.
import { h, patch, chips } from "./dom.js";
import { renderCards } from "./cards.js";
import { eventName, fieldCount, isMultiTable, isSitAndGo } from "./table-tournament.js";

// Seat centres lie on an ellipse, bets between a seat and the middle: in % of the felt.
// These match app.css's --seat-rx and --bet-rx; the chips that fly use them.
const SEAT_RX = 41;
const SEAT_RY = 41;
const BET_RX = 25;
const BET_RY = 25;

// An all-in hand's equity on the board so far, as the server computed it ("62%").
function equityOf(hand, n) {
  const found = hand && Array.isArray(hand.equity) ? hand.equity.find((e) => e.seat === n) : null;
  return found ? `${Math.round(found.equity * 100)}%` : null;
}

const STATE_LABEL = {
  folded: "folded",
  "all-in": "all-in",
  "sitting-out": "sitting out",
  waiting: "next hand",
};

/** Where seat `seat` of `count` sits, your own seat (or seat 1) at the bottom, clockwise. */
export function seatAngle(seat, count, anchor) {
  const k = (((seat - anchor) % count) + count) % count;
  return (2 * Math.PI * k) / count;
}

function at(angle, rx, ry) {
  return { x: 50 - rx * Math.sin(angle), y: 50 + ry * Math.cos(angle) };
}

// Who sat where in each recent hand, noted while it was played: a sit & go's busted
// player leaves the seat as the hand ends, yet its showdown still names them. Only the
// table on screen is noted: a tournament's tables each number their hands from 1.
const handNames = new Map(); // hand number -> Map(seat -> name)

/** Note the names at the seats dealt into the hand on the table now. */
export function noteHandNames(state) {
  const hand = state && state.hand;
  if (!hand) return;
  const names = handNames.get(hand.number) || new Map();
  for (const s of state.seats || []) if (s.dealt && s.name) names.set(s.seat, s.name);
  handNames.set(hand.number, names);
  for (const number of handNames.keys()) if (number < hand.number - 3) handNames.delete(number);
}

/** The name at `seat` in hand `number` (or now, or "Seat n" when nobody knows). */
export function nameInHand(state, number, seat) {
  const noted = handNames.get(number);
  if (noted && noted.has(seat)) return noted.get(seat);
  const s = (state.seats || []).find((x) => x.seat === seat);
  return (s && s.name) || `Seat ${seat}`;
}

/**
 * The winners' best five on each board, as one Set of codes per board: run twice, each
 * board lights the five cards of its own pots' winners (their `by_board` hand there).
 */
export function winningCardsByBoard(showdown) {
  if (!showdown) return [];
  const runs = Math.max(1, (showdown.boards || []).length);
  const sets = [];
  for (let run = 0; run < runs; run += 1) {
    const winners = new Set();
    for (const pot of showdown.pots || []) if ((pot.run || 0) === run) for (const seat of pot.winners || []) winners.add(seat);
    const best = new Set();
    for (const shown of showdown.shown || []) {
      if (winners.has(shown.seat)) for (const code of bestFiveOn(shown, run)) best.add(code);
    }
    sets.push(best);
  }
  return sets;
}

/** The five cards `shown` made on board `run` (its only five when the board ran once). */
export function bestFiveOn(shown, run) {
  const made = Array.isArray(shown.by_board) ? shown.by_board[run] : null;
  return (made ? made.best_five : shown.best_five) || [];
}

/** The cards of the winners' best five on any board, as a Set of codes. */
export function winningCards(showdown) {
  const best = new Set();
  for (const board of winningCardsByBoard(showdown)) for (const code of board) best.add(code);
  return best;
}

export class FeltView {
  constructor(root) {
    this.felt = root.querySelector("#felt");
    this.seatsEl = root.querySelector("#seats");
    this.betsEl = root.querySelector("#bets");
    this.boardEl = root.querySelector("#board");
    this.potEl = root.querySelector("#pot");
    this.bannerEl = root.querySelector("#banner");
    this.timer = h("div", { class: "timer", testid: "timer", role: "timer" }, h("div", { class: "timer-fill" }), h("span", { class: "timer-text" }));
    this.layoutKey = null;
    this.slots = new Map(); // seat number -> {slot, cards, info, bet}
    this.prevBets = new Map();
    this.prevHand = null;
    this.prevShowdownHand = null;
    this.onJoin = () => {};
  }

  /** Forget the table drawn so far: the next state is another table's (a tournament's). */
  reset() {
    this.layoutKey = null;
    this.prevBets.clear();
    this.prevHand = null;
    this.prevShowdownHand = null;
    this.boardEl.replaceChildren();
    handNames.clear();
  }

  /** Build (once per table size and anchor) one slot and one bet marker per seat. */
  layout(count, anchor) {
    const key = `${count}|${anchor}`;
    if (this.layoutKey === key) return;
    this.layoutKey = key;
    this.felt.dataset.seats = String(count);
    this.seatsEl.replaceChildren();
    this.betsEl.replaceChildren();
    this.slots.clear();
    for (let seat = 1; seat <= count; seat += 1) {
      const angle = seatAngle(seat, count, anchor);
      const pos = at(angle, SEAT_RX, SEAT_RY);
      const betPos = at(angle, BET_RX, BET_RY);
      // The radii are CSS variables, so a narrow screen can pull the seats in.
      const sx = (-Math.sin(angle)).toFixed(4);
      const sy = Math.cos(angle).toFixed(4);
      const cards = h("div", { class: "seat-cards" });
      const info = h("div", { class: "seat-info" });
      const slot = h(
        "div",
        {
          class: "seat",
          testid: `seat-${seat}`,
          dataset: { seat: String(seat) },
          style: { left: `calc(50% + var(--seat-rx) * ${sx})`, top: `calc(50% + var(--seat-ry) * ${sy})` },
        },
        cards,
        info,
      );
      // Seats in the top half hold their cards above the name plate, the others below.
      slot.classList.add(pos.y < 50 ? "upper" : "lower");
      const bet = h("div", { class: "bet", testid: `bet-${seat}`, hidden: true, style: { left: `calc(50% + var(--bet-rx) * ${sx})`, top: `calc(50% + var(--bet-ry) * ${sy})` } });
      this.seatsEl.appendChild(slot);
      this.betsEl.appendChild(bet);
      this.slots.set(seat, { slot, cards, info, bet, pos, betPos });
    }
    this.prevBets.clear();
  }

  render(state, ctx) {
    const table = state.table;
    const you = state.you || {};
    const count = table.seats;
    this.layout(count, you.seat || 1);
    const hand = state.hand;
    const showdown = state.showdown;
    const bestByBoard = !hand && showdown ? winningCardsByBoard(showdown) : null;
    const best = bestByBoard ? winningCards(showdown) : null;
    const bySeat = new Map((state.seats || []).map((s) => [s.seat, s]));
    const canSit = !you.seat && !you.request && !ctx.sitPending && state.status !== "ended" && ctx.seatsOpen !== false;
    this.felt.dataset.hand = hand ? String(hand.number) : "";
    this.felt.dataset.street = hand ? hand.street : "";
    const handNo = hand ? `h${hand.number}` : showdown ? `h${showdown.hand}` : "none";

    for (let n = 1; n <= count; n += 1) {
      const seat = bySeat.get(n) || { seat: n, state: "empty" };
      const asked = (state.requests || []).find((r) => r.seat === n);
      this.renderSeat(n, seat, { state, hand, you, canSit, best, handNo, requestedSeat: ctx.requestedSeat, asked });
    }
    this.renderBets(bySeat, hand);
    this.renderBoard(hand, showdown, bestByBoard);
    this.renderPots(hand);
    this.renderBanner(state, ctx);
    this.placeTimer(hand);
    if (showdown && showdown.hand !== this.prevShowdownHand && !hand) this.payWinners(showdown);
    this.prevShowdownHand = showdown ? showdown.hand : null;
    this.prevHand = hand ? hand.number : null;
  }

  renderSeat(n, seat, { hand, you, canSit, best, handNo, requestedSeat, asked }) {
    const { slot, cards, info } = this.slots.get(n);
    const empty = !seat.state || seat.state === "empty";
    const mine = you.seat === n;
    const turn = Boolean(hand && hand.to_act === n);
    slot.dataset.state = empty ? "empty" : seat.state;
    slot.classList.toggle("empty", empty);
    slot.classList.toggle("me", mine);
    slot.classList.toggle("turn", turn);
    slot.classList.toggle("folded", seat.state === "folded");
    slot.classList.toggle("all-in", seat.state === "all-in");
    slot.classList.toggle("sitting-out", seat.state === "sitting-out");
    slot.classList.toggle("offline", !empty && seat.connected === false && !seat.bot);
    slot.classList.toggle("requested", requestedSeat === n || Boolean(empty && asked));

    // Cards: face up when the server sent them (yours, or shown at showdown), else backs.
    let shownCards = [];
    if (!empty && Array.isArray(seat.cards) && seat.cards.length) shownCards = seat.cards;
    else if (!empty && seat.dealt && seat.state !== "folded") shownCards = [null, null];
    renderCards(cards, shownCards, { scope: `${handNo}`, size: "small", highlight: best, dimOthers: false });

    const button = hand && hand.button === n;
    const sb = hand && hand.small_blind === n;
    const bb = hand && hand.big_blind === n;
    const equity = equityOf(hand, n);
    const key = JSON.stringify([Boolean(hand), empty, canSit, requestedSeat === n, asked ? asked.name : null, seat.name, seat.stack, seat.bot, seat.state, seat.last_action, seat.connected, button, sb, bb, mine, equity]);
    patch(info, key, () => {
      if (empty) {
        if (asked) return h("span", { class: "seat-empty", title: `${asked.name} asks for this seat` }, `${asked.name} asks…`);
        if (canSit) {
          return h("button", { type: "button", class: "btn small sit", testid: `join-seat-${n}`, onclick: () => this.onJoin(n) }, "Sit here");
        }
        return h("span", { class: "seat-empty" }, requestedSeat === n ? "asked…" : `Seat ${n}`);
      }
      const badges = [];
      if (seat.bot) badges.push(h("span", { class: "badge bot", title: `a ${seat.bot} bot` }, `bot · ${seat.bot}`));
      // "waiting" between hands means nothing more than that no hand is being played.
      const waitingOut = seat.state === "waiting" && !hand;
      if (STATE_LABEL[seat.state] && !waitingOut) badges.push(h("span", { class: `badge st-${seat.state}` }, STATE_LABEL[seat.state]));
      if (!seat.bot && seat.connected === false) badges.push(h("span", { class: "badge offline", title: "disconnected" }, "away"));
      // The button and blind badges share the stack's line: on a narrow seat a corner
      // badge would cover the start or the end of the name.
      return [
        h("div", { class: "seat-name", title: seat.name }, seat.name || `Seat ${n}`, mine ? h("span", { class: "you-tag" }, " (you)") : null),
        h(
          "div",
          { class: "seat-line" },
          sb || bb ? h("span", { class: `blind ${bb ? "bb" : "sb"}`, testid: `blind-${n}` }, bb ? "BB" : "SB") : null,
          h("span", { class: "seat-stack", testid: `stack-${n}` }, chips(seat.stack)),
          button ? h("span", { class: "dealer", testid: `dealer-${n}`, title: "the button" }, "D") : null,
        ),
        seat.last_action ? h("div", { class: "seat-action", testid: `last-action-${n}` }, seat.last_action) : null,
        equity ? h("div", { class: "seat-equity", testid: `equity-${n}`, title: "this hand's share of the pot over the boards still to come" }, equity) : null,
        badges.length ? h("div", { class: "badges" }, badges) : null,
      ];
    });
  }

  renderBets(bySeat, hand) {
    const sameHand = hand && this.prevHand === hand.number;
    for (const [n, { bet, pos, betPos }] of this.slots) {
      const seat = bySeat.get(n);
      const amount = hand && seat && seat.bet ? seat.bet : 0;
      const before = this.prevBets.get(n) || 0;
      if (amount > 0) {
        bet.hidden = false;
        bet.replaceChildren(h("span", { class: "chip-stack", "aria-hidden": "true" }), h("span", { class: "bet-amount" }, chips(amount)));
        if (amount > before) this.fly(pos, betPos, "in");
      } else {
        bet.hidden = true;
        bet.replaceChildren();
        // Bets swept into the pot at the end of a street.
        if (before > 0 && sameHand) this.fly(betPos, { x: 50, y: 50 }, "sweep");
      }
      this.prevBets.set(n, amount);
    }
  }

  /** A short-lived chip that slides from one point of the felt to another. */
  fly(from, to, kind) {
    if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const chip = h("div", { class: `flying-chip ${kind}`, "aria-hidden": "true", style: { left: `${from.x}%`, top: `${from.y}%` } });
    this.betsEl.appendChild(chip);
    requestAnimationFrame(() => {
      requestAnimationFrame(() => {
        chip.style.left = `${to.x}%`;
        chip.style.top = `${to.y}%`;
        chip.classList.add("go");
      });
    });
    setTimeout(() => chip.remove(), 600);
  }

  payWinners(showdown) {
    for (const pot of showdown.pots || []) {
      for (const seat of pot.winners || []) {
        const slot = this.slots.get(seat);
        if (slot) this.fly({ x: 50, y: 50 }, slot.pos, "win");
      }
    }
  }

  renderBoard(hand, showdown, bestByBoard) {
    let boards = [];
    let scope = "none";
    if (hand) {
      boards = hand.boards && hand.boards.length > 1 ? hand.boards : [hand.board || []];
      scope = `h${hand.number}`;
    } else if (showdown) {
      if (Array.isArray(showdown.boards) && showdown.boards.length > 1) boards = showdown.boards;
      else boards = [showdown.board || []];
      scope = `h${showdown.hand}`;
    }
    this.boardEl.classList.toggle("two-boards", boards.length > 1);
    while (this.boardEl.children.length < boards.length) this.boardEl.appendChild(h("div", { class: "board-row" }));
    while (this.boardEl.children.length > boards.length) this.boardEl.lastChild.remove();
    boards.forEach((cards, i) => {
      const best = bestByBoard ? bestByBoard[i] || null : null;
      renderCards(this.boardEl.children[i], cards || [], { scope: `${scope}|b${i}`, highlight: best, dimOthers: Boolean(best && best.size) });
    });
    this.boardEl.classList.toggle("empty", boards.every((b) => !b || b.length === 0));
  }

  renderPots(hand) {
    const key = hand ? JSON.stringify([hand.pots, hand.pot_total]) : "none";
    const changed = patch(this.potEl, key, () => {
      if (!hand) return [];
      const pots = hand.pots || [];
      const parts = [h("div", { class: "pot-total", testid: "pot-total" }, "Pot ", h("strong", {}, chips(hand.pot_total ?? pots.reduce((a, p) => a + p.amount, 0))))];
      if (pots.length > 1) {
        parts.push(
          h(
            "div",
            { class: "pot-list" },
            pots.map((p, i) =>
              h(
                "span",
                { class: `pot-chip ${i ? "side-pot" : "main-pot"}`, testid: `pot-${i}`, title: `${i ? "side pot" : "main pot"}: seats ${(p.seats || []).join(", ")}` },
                i ? (pots.length > 2 ? `Side ${i} ` : "Side ") : "Main ",
                h("strong", {}, chips(p.amount)),
              ),
            ),
          ),
        );
      }
      return parts;
    });
    if (changed && hand && hand.pot_total) {
      const total = this.potEl.querySelector(".pot-total");
      if (total) total.classList.add("bump");
    }
  }

  renderBanner(state, ctx) {
    const hand = state.hand;
    const you = state.you || {};
    const seated = (state.seats || []).filter((s) => s.state && s.state !== "empty").length;
    const sng = isSitAndGo(state);
    let text = "";
    let kind = "";
    if (state.status === "ended" && sng) {
      const winner = ((state.tournament && state.tournament.finishing) || []).find((row) => row.place === 1);
      text = winner ? `${winner.name} wins the ${eventName(state)}!` : `The ${eventName(state)} has ended.`;
      kind = winner ? "champion" : "ended";
    } else if (state.status === "ended") {
      text = "This table has ended.";
      kind = "ended";
    } else if (!hand && state.voided) {
      // News the players must not miss, paused or not: the older result is gone.
      text = `Hand #${state.voided.hand} was voided: every chip went back.`;
      kind = "voided";
    } else if (state.status === "paused") {
      text = "Paused by the host.";
      kind = "paused";
    } else if (state.status === "waiting" && sng) {
      const [taken, places] = fieldCount(state);
      const open = places - taken;
      const place = isMultiTable(state) ? "place" : "seat";
      text = open > 0 ? `Registering: ${open} ${open === 1 ? place : `${place}s`} left${you.host && taken >= 2 ? " · or press Start" : ""}` : "Starting…";
      kind = "waiting";
    } else if (state.status === "waiting") {
      if (seated < 2) text = "Waiting for players to sit down.";
      else text = you.host ? "Everyone ready? Press Start." : "Waiting for the host to start.";
      kind = "waiting";
    } else if (!hand && state.showdown) {
      text = winnersLine(state);
      kind = "result";
    } else if (!hand) {
      text = "Next hand soon…";
    } else if (hand.legal && you.seat && hand.to_act === you.seat) {
      text = "Your turn";
      kind = "turn";
    }
    if (ctx.offline) {
      text = text || "Reconnecting…";
    }
    this.bannerEl.textContent = text;
    this.bannerEl.dataset.kind = kind;
    this.bannerEl.hidden = !text;
  }

  placeTimer(hand) {
    const seat = hand && hand.deadline && hand.to_act;
    if (!seat || !this.slots.has(seat)) {
      this.timer.remove();
      return;
    }
    const { slot } = this.slots.get(seat);
    if (this.timer.parentNode !== slot) slot.appendChild(this.timer);
  }

  /**
   * Called a few times a second: the countdown of whoever is to act. `deadline` is when
   * the action timer and then the player's time bank run out; the bar shows the action
   * timer, then the time bank in another colour.
   */
  tick(state, clock) {
    const hand = state && state.hand;
    if (!hand || !hand.deadline || !hand.to_act || !this.timer.isConnected) return;
    const left = Math.max(0, hand.deadline - clock());
    const seat = (state.seats || []).find((s) => s.seat === hand.to_act);
    const bank = seat && seat.time_bank > 0 ? seat.time_bank * 1000 : 0;
    const action = Math.max(1000, (state.table.action_seconds || 0) * 1000);
    const inBank = bank > 0 && left <= bank;
    const phaseLeft = inBank ? left : left - bank;
    const fraction = Math.max(0, Math.min(1, inBank ? left / bank : phaseLeft / action));
    const seconds = Math.ceil(phaseLeft / 1000);
    this.timer.firstChild.style.width = `${(fraction * 100).toFixed(1)}%`;
    this.timer.lastChild.textContent = inBank ? `bank ${seconds}s` : `${seconds}s`;
    this.timer.classList.toggle("bank", inBank);
    this.timer.classList.toggle("low", inBank ? left < 5000 : phaseLeft < 5000 && !bank);
    this.timer.dataset.left = String(Math.ceil(left / 1000));
    if (state.you && state.you.seat === hand.to_act) this.tickMyBank(inBank ? left : bank);
  }

  /** The dock's "time bank" counts down with the bar once your own bank is being spent. */
  tickMyBank(ms) {
    const el = this.felt.ownerDocument.querySelector('[data-testid="time-bank"]');
    const text = `time bank ${Math.ceil(ms / 1000)}s`;
    if (el && el.textContent !== text) el.textContent = text;
  }
}

/** "Ana wins 120 with three kings" for the banner between hands. */
export function winnersLine(state) {
  const sd = state.showdown;
  if (!sd) return "";
  // Run more than once: each board has its own winners and winning hands.
  const runs = (sd.boards || []).length;
  if (runs > 1) {
    const words = ["First", "Second", "Third"];
    return sd.boards
      .map((_, run) => {
        const made = new Map((sd.shown || []).map((s) => [s.seat, s.by_board && s.by_board[run] ? s.by_board[run].description : s.description]));
        const line = winners({ ...sd, pots: (sd.pots || []).filter((p) => (p.run || 0) === run) }, made, state);
        return `${words[run] || `Board ${run + 1}`} board: ${line}`;
      })
      .join(" · ");
  }
  return winners(sd, new Map((sd.shown || []).map((s) => [s.seat, s.description])), state);
}

function winners(sd, described, state) {
  const totals = new Map();
  for (const pot of sd.pots || []) {
    for (const [seat, amount] of pot.shares || pot.winners.map((w) => [w, Math.floor(pot.amount / pot.winners.length)])) {
      totals.set(seat, (totals.get(seat) || 0) + amount);
    }
  }
  const parts = [];
  for (const [seat, amount] of totals) {
    const name = nameInHand(state, sd.hand, seat);
    const how = described.get(seat);
    parts.push(`${name} wins ${chips(amount)}${how ? ` with ${how}` : ""}`);
  }
  return parts.join(" · ");
}
