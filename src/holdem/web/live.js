// The live table page (docs/live.md): one WebSocket to /ws/<id>; the host taps what
// happens at the real table, everyone else watches the same state.
import { h, chips } from "./dom.js";
import { setupLook } from "./table-look.js";

setupLook();

const tableId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");
const wsUrl = `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/ws/${encodeURIComponent(tableId)}`;
const $ = (id) => document.getElementById(id);
let ws = null;
let state = null;
let host = false;
let retry = 500;
let seating = false; // a player was just seated from the form: clear it once the table agrees
let setupFolded = false; // the setup folds away once, at the first hand: it is long on a phone

function connect() {
  const connection = $("connection");
  connection.dataset.state = "connecting";
  connection.textContent = "connecting…";
  ws = new WebSocket(wsUrl);
  ws.addEventListener("open", () => {
    retry = 500;
    connection.dataset.state = "open";
    connection.textContent = "connected";
  });
  ws.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  ws.addEventListener("close", () => {
    connection.dataset.state = "closed";
    connection.textContent = "reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

function receive(message) {
  if (message.type === "welcome") host = Boolean(message.you && message.you.host);
  else if (message.type === "error") {
    seating = false;
    showError(message.message);
  }
  else if (message.type === "live_state") {
    state = message;
    host = Boolean(message.you && message.you.host);
    showError(null);
    if (seating) {
      $("live-seat-name").value = "";
      $("live-seat-buyin").value = "";
      seating = false;
    }
    render();
  }
}

function send(command) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    showError("Not connected: wait a moment and try again.");
    return;
  }
  ws.send(JSON.stringify({ v: 1, type: "live", command }));
}

function showError(text) {
  const el = $("live-error");
  el.hidden = !text;
  el.textContent = text ? capitalise(text) : "";
}

const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
const cardsIn = (text) => (text.match(/(10|[2-9TJQKA])\s*[cdhs♣♦♥♠]/gi) || []).map((c) => c.replace(/\s+/g, ""));
const numberIn = (id) => {
  const value = $(id).value.trim();
  return value === "" ? null : Number(value);
};

// -- drawing ------------------------------------------------------------------------

function render() {
  const hand = state.hand;
  const live = hand && !hand.over;
  $("live-name").textContent = state.table.name;
  const b = state.blinds;
  const ante = b.ante ? ` ante ${chips(b.ante)}` : "";
  $("live-blinds").textContent = `${b.structure.toUpperCase()} ${chips(b.small_blind)}/${chips(b.big_blind)}${ante}${b.level ? ` · level ${b.level}` : ""}`;
  document.title = `${state.table.name} · live · holdem`;
  $("live-readonly").hidden = host;
  renderTurn(hand);
  renderBoard(hand);
  renderPots(hand);
  renderActions(hand);
  $("live-board-panel").hidden = !(host && live && hand.board_due);
  renderShowdown(hand);
  renderResult(hand);
  renderProcedure(hand);
  renderNotes(hand);
  $("live-controls").hidden = !host;
  $("live-deal").hidden = Boolean(live);
  $("live-straddle").parentElement.hidden = Boolean(live);
  $("live-undo").disabled = !state.can_undo;
  $("live-menu-open").hidden = !live;
  if (!live) closeMenu();
  $("live-setup").hidden = !host || Boolean(live);
  if (hand && !setupFolded) {
    $("live-setup").open = false;
    setupFolded = true;
  }
  renderBeforeDeal(live);
  renderSeats(hand);
  renderHouse();
  renderLedger();
  renderHands();
  fillSelects();
}

function renderTurn(hand) {
  const el = $("live-turn");
  el.replaceChildren();
  if (!hand) {
    el.append(h("strong", {}, host ? "Seat the players, set the button, then deal." : "Waiting for the first hand."));
    return;
  }
  const title = hand.voided ? `Hand ${hand.number} voided` : hand.over ? `Hand ${hand.number} is over` : `Hand ${hand.number} · ${hand.street}`;
  el.append(h("span", { class: "live-hand-number", testid: "live-hand-number" }, title));
  if (hand.over) return;
  el.append(h("strong", { testid: "live-waiting" }, capitalise(hand.waiting_for)));
  const legal = hand.legal;
  if (legal) {
    const facts = [];
    if (legal.call !== null) facts.push(h("span", { testid: "live-to-call" }, `To call: ${chips(legal.call)}`));
    else facts.push(h("span", { testid: "live-to-call" }, "To call: nothing (check)"));
    const bound = legal.raise || legal.bet;
    if (bound) {
      const word = legal.raise ? "Min raise to" : "Min bet";
      facts.push(h("span", { testid: "live-min-raise" }, `${word}: ${chips(bound.min)}`));
      facts.push(h("span", { testid: "live-max-raise" }, `${legal.max_is_pot ? "Max (pot)" : "Max"}: ${chips(bound.max)}`));
    }
    el.append(h("div", { class: "live-facts" }, facts));
  }
  if (hand.showing_order.length) {
    const names = hand.showing_order.map(nameOf);
    el.append(h("div", { class: "live-order", testid: "live-showing-order" }, `Showing order (R28): ${names.join(", ")}`));
  }
  if (hand.out_of_turn.length) {
    el.append(h("div", { class: "live-order", testid: "live-out-of-turn" },
      hand.out_of_turn.map((o) => `${o.name} acted out of turn: ${o.action}${o.amount ? ` ${chips(o.amount)}` : ""} (held)`).join("; ")));
  }
}

function nameOf(seat) {
  const row = state.seats.find((s) => s.seat === seat);
  return row && row.name ? row.name : `seat ${seat}`;
}

function cardNode(text) {
  const suit = text.slice(-1);
  const glyph = { c: "♣", d: "♦", h: "♥", s: "♠" }[suit] || suit;
  return h("span", { class: `live-card suit-${suit}`, testid: `live-card-${text}` }, text.slice(0, -1).replace("T", "10"), glyph);
}

function renderBoard(hand) {
  const el = $("live-board");
  el.replaceChildren();
  if (!hand || !hand.board.length) return;
  el.append(...hand.board.map(cardNode));
}

function renderPots(hand) {
  const el = $("live-pots");
  el.replaceChildren();
  if (!hand || hand.over) return;
  hand.pots.forEach((pot, i) => {
    el.append(h("div", { class: "live-pot", testid: `live-pot-${i}` },
      h("strong", {}, `${pot.label} ${chips(pot.amount)}`), " ", h("span", { class: "muted" }, `can be won by ${pot.names.join(", ")}`)));
  });
  el.append(h("div", { class: "muted", testid: "live-pot-total" }, `In the middle: ${chips(hand.pot_total)}`));
}

function renderActions(hand) {
  const el = $("live-actions");
  el.replaceChildren();
  const legal = hand && !hand.over ? hand.legal : null;
  el.hidden = !(host && legal);
  if (el.hidden) return;
  const seat = hand.to_act;
  const act = (action, amount) => send({ kind: "act", seat, action, ...(amount === undefined ? {} : { amount }) });
  const buttons = [h("span", { class: "live-actor" }, `${hand.to_act_name}:`)];
  if (legal.fold) buttons.push(h("button", { type: "button", class: "btn", testid: "live-fold", onclick: () => act("fold") }, "Fold"));
  if (legal.check) buttons.push(h("button", { type: "button", class: "btn", testid: "live-check", onclick: () => act("check") }, "Check"));
  if (legal.call !== null) buttons.push(h("button", { type: "button", class: "btn primary", testid: "live-call", onclick: () => act("call") }, `Call ${chips(legal.call)}`));
  const bound = legal.raise || legal.bet;
  if (bound) {
    const kind = legal.raise ? "raise" : "bet";
    const amount = h("input", { type: "number", inputmode: "numeric", min: bound.min, max: bound.max, value: bound.min, testid: "live-amount", "aria-label": `${kind} to` });
    buttons.push(h("span", { class: "live-amount" }, amount,
      h("button", { type: "button", class: "btn primary", testid: `live-${kind}`, onclick: () => act(kind, Number(amount.value)) }, kind === "raise" ? "Raise to" : "Bet")));
  }
  if (legal.all_in !== null) buttons.push(h("button", { type: "button", class: "btn danger", testid: "live-all-in", onclick: () => act("all-in") }, `All-in ${chips(legal.all_in)}`));
  el.append(...buttons);
}

function renderShowdown(hand) {
  const el = $("live-showdown");
  el.replaceChildren();
  el.hidden = !(host && hand && !hand.over && hand.showdown);
  if (el.hidden) return;
  const seat = hand.next_to_show;
  const cards = h("input", { testid: "live-show-cards", placeholder: "As Kd", autocomplete: "off", autocapitalize: "off", spellcheck: "false", "aria-label": "cards shown" });
  el.append(
    h("div", { class: "live-show-row" },
      h("span", { class: "live-actor" }, `${nameOf(seat)} shows:`), cards,
      h("button", { type: "button", class: "btn primary", testid: "live-show", onclick: () => send({ kind: "show", seat, cards: cardsIn(cards.value) }) }, "Show"),
      h("button", { type: "button", class: "btn", testid: "live-muck", onclick: () => send({ kind: "muck", seat }) }, "Muck")),
    h("p", { class: "muted" }, "Or tap the winner of each pot:"),
  );
  const picks = hand.pots.map((pot, i) => h("fieldset", { class: "live-winners", testid: `live-winners-${i}` },
    h("legend", {}, `${pot.label} ${chips(pot.amount)}`),
    pot.seats.map((s, k) => h("label", { class: "check" }, h("input", { type: "checkbox", value: s, testid: `live-winner-${i}-${s}` }), ` ${pot.names[k]}`))));
  el.append(...picks, h("button", {
    type: "button", class: "btn primary", testid: "live-award",
    onclick: () => send({ kind: "winners", pots: picks.map((p) => [...p.querySelectorAll("input:checked")].map((c) => Number(c.value))) }),
  }, "Give out the pots"));
}

function renderResult(hand) {
  const el = $("live-result");
  el.replaceChildren();
  if (!hand || !hand.over) return;
  if (hand.voided) el.append(h("p", { testid: "live-result-line-0" }, "Void: every chip went back; the same button deals again."));
  hand.result.forEach((line, i) => el.append(h("p", { testid: `live-result-line-${i}` }, line)));
  const shown = state.seats.filter((s) => s.cards);
  if (shown.length) el.append(h("p", { class: "muted" }, shown.map((s) => `${s.name}: ${s.cards.join(" ")}`).join(" · ")));
}

function renderProcedure(hand) {
  const el = $("live-procedure");
  el.replaceChildren();
  const p = hand && hand.procedure;
  el.hidden = !p;
  if (!p) return;
  // The ruling first, in one line; what to do next; the book's text folded below.
  el.append(
    h("p", { class: "live-ruling", testid: "live-procedure-ruling" }, capitalise(p.ruling)),
    h("p", { testid: "live-procedure-dealer" }, h("strong", {}, "Dealer: "), p.dealer),
    h("p", { testid: "live-procedure-effect" }, h("strong", {}, "Chips: "), p.effect),
    h("details", { class: "live-book", testid: "live-procedure-book" },
      h("summary", {}, h("span", { testid: "live-procedure-title" }, p.title), ` · ${p.rule}, the book's text`),
      h("p", { class: "live-rule", testid: "live-procedure-rule" }, h("strong", {}, p.rule), " ", p.rule_words)),
  );
}

function renderNotes(hand) {
  const el = $("live-notes");
  el.replaceChildren(...(hand ? hand.notes : []).map((n, i) => h("li", { testid: `live-note-${i}` }, capitalise(n))));
}

function renderSeats(hand) {
  const el = $("live-seats");
  el.replaceChildren();
  for (const seat of state.seats) {
    if (seat.state === "empty") continue;
    const turn = hand && !hand.over && (hand.to_act === seat.seat || hand.next_to_show === seat.seat);
    el.append(h("li", { class: `live-seat state-${seat.state}${turn ? " to-act" : ""}`, testid: `live-seat-${seat.seat}`, "aria-current": turn ? "true" : null },
      h("span", { class: "live-seat-number" }, seat.seat),
      h("span", { class: "live-seat-name" }, seat.name, seat.seat === state.button ? h("span", { class: "live-dealer", title: "the button" }, "D") : null),
      seat.role ? h("span", { class: "tag" }, seat.role) : null,
      h("span", { class: "live-seat-stack", testid: `live-stack-${seat.seat}` }, chips(seat.stack)),
      seat.bet ? h("span", { class: "live-seat-bet", testid: `live-bet-${seat.seat}` }, `bet ${chips(seat.bet)}`) : null,
      seat.state === "folded" || seat.state === "all-in" || seat.state === "sitting-out" ? h("span", { class: "muted" }, seat.state) : null,
      seat.owes ? h("span", { class: "live-owes", testid: `live-owes-${seat.seat}` }, seat.owes) : null));
  }
}

function renderBeforeDeal(live) {
  const owed = live ? [] : state.before_deal;
  $("live-before-deal").hidden = !owed.length;
  $("live-before-deal-list").replaceChildren(...owed.map((line, i) => h("li", { testid: `live-before-deal-${i}` }, capitalise(line))));
}

function renderHouse() {
  $("live-house").replaceChildren(...state.house.words.map((line, i) => h("li", { testid: `live-house-${i}` }, capitalise(line))));
}

function renderLedger() {
  $("live-ledger-csv").href = `/api/live/${encodeURIComponent(tableId)}/ledger.csv`;
  $("live-ledger-rows").replaceChildren(...state.ledger.map((row, i) => h("tr", { testid: `live-ledger-row-${i}` },
    h("td", {}, row.name), h("td", {}, chips(row.bought)), h("td", {}, chips(row.cashed_out)),
    h("td", {}, chips(row.stack)), h("td", { class: row.net < 0 ? "neg" : "pos" }, (row.net > 0 ? "+" : "") + chips(row.net)))));
}

function renderHands() {
  $("live-hands").replaceChildren(...[...state.hands].reverse().map((hand) => h("li", { testid: `live-hand-${hand.number}${hand.misdeal ? "-misdeal" : ""}` },
    h("span", {}, `Hand ${hand.number}${hand.misdeal ? " (misdeal, dealt again)" : hand.voided ? " (void)" : ""}`),
    hand.phh ? h("a", { href: hand.phh, download: `hand-${hand.number}.phh`, testid: `live-hand-phh-${hand.number}` }, "PHH") : null,
    hand.words.length ? h("span", { class: "muted" }, hand.words.join(" ")) : null)));
}

function fillSelects() {
  const seated = state.seats.filter((s) => s.name);
  const keep = (select, options) => {
    const was = select.value;
    select.replaceChildren(...options);
    if ([...select.options].some((o) => o.value === was)) select.value = was;
  };
  keep($("live-seat-number"), state.seats.filter((s) => !s.name).map((s) => h("option", { value: s.seat }, `Seat ${s.seat}`)));
  keep($("live-tool-seat"), seated.map((s) => h("option", { value: s.seat }, `${s.seat}: ${s.name}`)));
  const inHand = state.hand && !state.hand.over ? seated.filter((s) => ["in", "all-in", "folded"].includes(s.state)) : seated;
  keep($("live-menu-seat"), inHand.map((s) => h("option", { value: s.seat }, `${s.seat}: ${s.name}`)));
  if ($("live-menu").hidden && state.hand && state.hand.to_act) $("live-menu-seat").value = String(state.hand.to_act);
  const what = $("live-menu-what");
  if (!what.options.length) {
    what.replaceChildren(...state.menu.map((m) => h("option", { value: m.what }, `${m.title} (${m.rule})`)));
    showMenuFields();
  }
  const b = state.blinds;
  for (const [id, value] of [["live-sb", b.small_blind], ["live-bb", b.big_blind], ["live-ante", b.ante]]) {
    if (document.activeElement !== $(id)) $(id).value = value;
  }
  $("live-structure").value = b.structure;
  $("live-ante-kind").value = b.ante_kind;
  $("live-clock-link").checked = state.clock_linked;
  if (state.clock_url && document.activeElement !== $("live-clock-url")) $("live-clock-url").value = state.clock_url;
}

// -- the "what happened?" menu -----------------------------------------------------------

function showMenuFields() {
  const choice = state.menu.find((m) => m.what === $("live-menu-what").value);
  for (const el of $("live-menu").querySelectorAll("[data-needs]")) el.hidden = !choice || !choice.fields.includes(el.dataset.needs);
}

function closeMenu() {
  $("live-menu").hidden = true;
  $("live-menu-open").setAttribute("aria-expanded", "false");
}

function applyMenu(event) {
  event.preventDefault();
  const what = $("live-menu-what").value;
  const choice = state.menu.find((m) => m.what === what);
  const command = { kind: "irregularity", what };
  const has = (field) => choice.fields.includes(field);
  if (has("seat")) command.seat = Number($("live-menu-seat").value);
  if (has("card_number")) command.card_number = Number($("live-menu-card-number").value);
  if (has("card") && $("live-menu-card").value.trim()) command.card = cardsIn($("live-menu-card").value)[0] || $("live-menu-card").value.trim().slice(0, 3);
  if (has("cards")) command.cards = cardsIn($("live-menu-cards").value);
  if (has("action")) command.action = $("live-menu-action").value;
  if (has("amount") && numberIn("live-menu-amount") !== null) command.amount = numberIn("live-menu-amount");
  if (has("chip")) command.chip = numberIn("live-menu-chip");
  if (has("count")) command.count = numberIn("live-menu-count");
  if (has("raise_said")) command.raise_said = $("live-menu-raise-said").checked;
  send(command);
  closeMenu();
}

// -- wiring ---------------------------------------------------------------------------

function wire() {
  $("live-deal").addEventListener("click", () => send({ kind: "deal", straddle: $("live-straddle").checked }));
  $("live-undo").addEventListener("click", () => send({ kind: "undo" }));
  $("live-board-submit").addEventListener("click", () => {
    send({ kind: "board", cards: cardsIn($("live-board-cards").value) });
    $("live-board-cards").value = "";
  });
  $("live-menu-open").addEventListener("click", () => {
    const menu = $("live-menu");
    menu.hidden = !menu.hidden;
    $("live-menu-open").setAttribute("aria-expanded", String(!menu.hidden));
    if (!menu.hidden) menu.scrollIntoView({ block: "nearest" });
  });
  $("live-menu-close").addEventListener("click", closeMenu);
  $("live-menu-what").addEventListener("change", showMenuFields);
  $("live-menu").addEventListener("submit", applyMenu);
  $("live-seat-add").addEventListener("click", () => (seating = true) && send({
    kind: "seat", seat: Number($("live-seat-number").value), name: $("live-seat-name").value, buy_in: numberIn("live-seat-buyin"),
  }));
  const tool = (kind, withAmount) => () => send({ kind, seat: Number($("live-tool-seat").value), ...(withAmount ? { amount: numberIn("live-tool-amount") } : {}) });
  $("live-rebuy").addEventListener("click", tool("rebuy", true));
  $("live-cashout").addEventListener("click", tool("cash_out"));
  $("live-sitout").addEventListener("click", tool("sit_out"));
  $("live-sitin").addEventListener("click", tool("sit_in"));
  $("live-button-set").addEventListener("click", tool("button"));
  $("live-owes-set").addEventListener("click", () => send({
    kind: "owes", seat: Number($("live-tool-seat").value), post: $("live-owes-post").value, reason: $("live-owes-reason").value,
  }));
  $("live-setup-save").addEventListener("click", () => send({
    kind: "setup", structure: $("live-structure").value, small_blind: numberIn("live-sb"), big_blind: numberIn("live-bb"),
    ante: numberIn("live-ante") ?? 0, ante_kind: $("live-ante-kind").value,
  }));
  $("live-clock-link").addEventListener("change", (event) => {
    const url = $("live-clock-url").value.trim();
    send({ kind: "clock", linked: event.target.checked, ...(url ? { url } : {}) });
  });
}

wire();
connect();
