// The table page: one WebSocket to /ws/<id> (docs/protocol.md), redrawn from every `state`.
// The browser never decides what is legal: the buttons come from `hand.legal`.
import { h, chips } from "./dom.js";
import { renderCards } from "./cards.js";
import { FeltView, noteHandNames } from "./table-view.js";
import { HostPanel, addChat, coachAfterAct, coachNext, renderChat, renderCoach, renderHands, renderLedger, renderLog, renderShowdown } from "./table-panels.js";
import { isMultiTable, isSitAndGo, ordinal, placeOf, renderTournament, tickTournament } from "./table-tournament.js";
import { MultiTablePanel, tableNumber, tableQuery, watcherText } from "./table-multi.js";
import { setupLook } from "./table-look.js";
import { TableSound } from "./table-sound.js";
import { Replayer, handInAddress } from "./table-replayer.js";
import { HomeGame } from "./table-home.js";
import { SocialPanel } from "./table-social.js";
import { StatsPanel } from "./table-stats.js";
import { PreActions } from "./table-pre.js";
import { setupKeys } from "./table-keys.js";
import { Announcer } from "./table-announce.js";

const $ = (id) => document.getElementById(id);
const STRUCTURE = { nl: "No limit", pl: "Pot limit", fl: "Fixed limit" };
const ANTE_KIND = { uniform: "ante", "big-blind": "big-blind ante", button: "button ante" };
const NAME_KEY = "holdem.name";

const tableId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");

const app = {
  state: null,
  you: { seat: null, host: false, request: null },
  coachOn: false,
  coach: null,
  sitPending: false,
  requestedSeat: null,
  offline: true,
  handsPlayed: null,
  legalKey: null,
  runTwice: false,
  sitOutAsked: false,
  clockOffset: 0, // the server's clock minus this browser's, from the last state's `now`
  myName: null, // the name this page last played under (a sit & go's busted player loses the seat)
  tableNumber: null, // a tournament's table on screen (0: its lobby); null elsewhere
};

/** The server's clock, in Unix milliseconds: deadlines and levels are counted down by it. */
function serverNow() {
  return Date.now() + app.clockOffset;
}

// ---- the connection --------------------------------------------------------------------

class Connection {
  constructor(url, handlers) {
    this.url = url;
    this.handlers = handlers;
    this.ws = null;
    this.attempt = 0;
    this.retryTimer = null;
    this.countdown = null;
    this.pingTimer = null;
    this.stopped = false;
  }

  connect() {
    clearTimeout(this.retryTimer);
    clearInterval(this.countdown);
    this.retryTimer = null;
    if (this.stopped) return;
    this.handlers.status("connecting", this.attempt ? "reconnecting…" : "connecting…");
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.handlers.status("open", "connected");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ v: 1, type: "ping" }), 20000);
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message && message.type === "welcome") this.attempt = 0;
      this.handlers.message(message);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pingTimer);
      this.handlers.closed(event);
      // 1008 (policy), 4403 and 4404 mean trying again would get the same answer.
      if ([1008, 4403, 4404].includes(event.code)) {
        this.stopped = true;
        this.handlers.status("closed", event.reason ? `closed: ${event.reason}` : "closed by the server");
        return;
      }
      this.scheduleRetry();
    });
  }

  scheduleRetry() {
    if (this.stopped || this.retryTimer) return;
    const base = Math.min(15000, 500 * 2 ** this.attempt);
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    this.attempt += 1;
    const due = Date.now() + delay;
    const show = () => {
      const left = Math.max(0, Math.ceil((due - Date.now()) / 1000));
      this.handlers.status("reconnecting", left > 0 ? `reconnecting in ${left}s…` : "reconnecting…");
    };
    show();
    this.countdown = setInterval(show, 1000);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Try again now (the tab came back, the network came back). */
  nudge() {
    if (!this.ws && this.retryTimer && !this.stopped) this.connect();
  }

  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }
}

const wsUrl = `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/ws/${encodeURIComponent(tableId)}`;
const connection = new Connection(wsUrl, {
  status: setConnection,
  message: onMessage,
  closed: () => {
    app.offline = true;
    app.sitPending = false;
    lockActions(false);
    if (app.state) render();
  },
});

let refCounter = 0;
const pendingRefs = new Map();

function send(type, fields = {}) {
  refCounter += 1;
  const ref = `c${refCounter}`;
  const ok = connection.send({ v: 1, type, ...fields, ref });
  if (!ok) {
    toast("Not connected to the table: wait for the connection to come back and try again.");
    return null;
  }
  pendingRefs.set(ref, type);
  if (pendingRefs.size > 100) pendingRefs.delete(pendingRefs.keys().next().value);
  return ref;
}

function setConnection(state, text) {
  const el = $("connection");
  el.dataset.state = state;
  el.textContent = text;
}

// ---- messages --------------------------------------------------------------------------

function onMessage(message) {
  switch (message.type) {
    case "welcome":
      app.offline = false;
      app.you = { ...app.you, ...(message.you || {}) };
      // A new connection starts without the coach: ask again if it was on.
      if (app.coachOn && app.you.seat) send("coach", { on: true });
      break;
    case "state":
      app.offline = false;
      if (typeof message.now === "number") app.clockOffset = message.now - Date.now();
      app.state = message;
      app.you = message.you || app.you;
      if (app.you.seat || app.you.request) app.sitPending = false;
      lockActions(false);
      render();
      sound.onState(message);
      break;
    case "chat":
      addChat(message);
      break;
    case "removed":
      toast(message.message);
      break;
    case "coach":
      app.coach = coachNext(app.coach, message);
      if (app.state) renderCoach(app.state, app.coach, app.coachOn);
      break;
    case "reaction":
      social.showReaction(message);
      break;
    case "error": {
      const kind = message.ref ? pendingRefs.get(message.ref) : null;
      if (kind === "sit") {
        app.sitPending = false;
        app.requestedSeat = null;
      }
      if (kind === "sit_out") app.sitOutAsked = false;
      if (kind === "coach") {
        app.coachOn = false;
        $("coach-toggle").checked = false;
      }
      lockActions(false);
      toast(message.message || "The server refused that.");
      if (app.state) render();
      break;
    }
    default:
      break; // pong, and anything newer than this page
  }
}

// ---- drawing ---------------------------------------------------------------------------

const felt = new FeltView(document);
felt.onJoin = openJoin;
setupLook();
const sound = new TableSound($("sound-toggle"));

function render() {
  const state = app.state;
  if (!state) return;
  const table = state.table;
  const you = state.you || {};
  const hand = state.hand;

  const sng = isSitAndGo(state);
  const mtt = isMultiTable(state);
  if (mtt) showTable(tableNumber(state));
  $("table-name").textContent = table.name || table.id;
  const ante = table.ante && table.ante_kind !== "none" ? ` · ${ANTE_KIND[table.ante_kind] || "ante"} ${chips(table.ante)}` : "";
  const structure = STRUCTURE[table.structure] || table.structure;
  // A tournament's blinds are the level's, in its panel; the table's own do not apply.
  if (mtt) $("table-info").textContent = `Tournament · ${structure} · ${chips(table.starting_stack)} chips each · ${table.max_players} players · tables of ${table.seats}`;
  else if (sng) $("table-info").textContent = `Sit & go · ${structure} · ${chips(table.starting_stack)} chips each · ${table.seats} seats`;
  else $("table-info").textContent = `${structure} ${chips(table.small_blind)}/${chips(table.big_blind)}${ante} · ${table.seats} seats`;
  const status = $("status");
  status.textContent = sng && state.status === "waiting" ? "registering" : state.status;
  status.className = `pill status-${state.status}`;
  const myTurn = Boolean(hand && hand.legal && you.seat);
  const where = mtt && table.number ? ` · table ${table.number}` : "";
  document.title = `${myTurn ? "● Your turn · " : ""}${table.name || "Table"}${where} · holdem`;
  document.body.classList.toggle("my-turn", myTurn);
  document.body.classList.toggle("seated", Boolean(you.seat));

  if (!you.seat && !you.request && !app.sitPending) app.requestedSeat = null;
  if (you.request && typeof you.request === "object" && you.request.seat) app.requestedSeat = you.request.seat;

  const me = mySeat(state);
  if (me && me.name) app.myName = me.name;
  if (you.entrant) app.myName = you.entrant;
  noteHandNames(state);
  // A sit & go takes its players before it starts, and nobody after; a multi-table
  // tournament's players register, and the seat draw seats them.
  const seatsOpen = state.status !== "ended" && !mtt && !(sng && state.status !== "waiting");
  felt.render(state, { sitPending: app.sitPending, requestedSeat: you.seat ? null : app.requestedSeat, offline: app.offline, seatsOpen });
  renderTournament(state, serverNow(), app.myName);
  multi.render(state);
  renderDock(state);
  renderShowdown(state);
  renderCoach(state, app.coach, app.coachOn);
  host.render(state);
  home.render(state);
  renderLog(state);
  if (Array.isArray(state.chat)) renderChat(state.chat);
  renderLedger(state);
  if (state.hands_played !== app.handsPlayed) {
    app.handsPlayed = state.hands_played;
    loadHands();
  }
  social.render(state, app.myName);
  stats.render(state, tableQuery(state));
  announcer.render(state);
  felt.tick(state, serverNow);
}

/** A tournament's client follows one table at a time: another one is drawn from scratch. */
function showTable(number) {
  if (number === app.tableNumber) return;
  app.tableNumber = number;
  felt.reset();
  app.handsPlayed = null; // its own finished hands
  app.legalKey = null;
  app.coach = null;
}

function mySeat(state) {
  const you = state.you || {};
  return you.seat ? (state.seats || []).find((s) => s.seat === you.seat) : null;
}

function renderDock(state) {
  const you = state.you || {};
  const hand = state.hand;
  const me = mySeat(state);
  const scope = hand ? `h${hand.number}` : state.showdown ? `h${state.showdown.hand}` : "none";
  renderCards($("hole-cards"), me && Array.isArray(me.cards) ? me.cards : [], { scope, size: "large" });

  const info = $("dock-info");
  const parts = [];
  if (me) {
    parts.push(h("span", { class: "dock-stack" }, "Stack ", h("strong", { testid: "my-stack" }, chips(me.stack))));
    const finished = state.status === "ended" ? placeOf(state.tournament, me.name) : null;
    if (finished) parts.push(h("span", { testid: "my-finish" }, `You finished ${ordinal(finished.place)}${finished.prize > 0 ? `: ${chips(finished.prize)} won` : ""}.`));
    if (hand) parts.push(h("span", {}, `Hand #${hand.number} · ${hand.street}`));
    if (typeof me.time_bank === "number") parts.push(h("span", { class: "muted", testid: "time-bank" }, `time bank ${Math.round(me.time_bank)}s`));
  } else if (you.request || app.sitPending) {
    parts.push(h("span", {}, "Watching."));
  } else if (placeOf(state.tournament, app.myName)) {
    const row = placeOf(state.tournament, app.myName);
    parts.push(h("span", { testid: "my-finish" }, `You finished ${ordinal(row.place)}${row.prize > 0 ? `: ${chips(row.prize)} won` : ""}.`));
  } else if (isMultiTable(state)) {
    parts.push(h("span", { testid: "watching" }, watcherText(state)));
  } else if (isSitAndGo(state) && state.status !== "waiting") {
    parts.push(h("span", {}, state.status === "ended" ? "The sit & go is over." : "Watching: the seats were filled before it began."));
  } else if (state.status !== "ended") {
    const open = (state.seats || []).some((s) => !s.state || s.state === "empty");
    parts.push(h("span", { testid: "watching" }, open ? "Watching. Choose an empty seat to play." : "Watching: every seat is taken."));
  } else {
    parts.push(h("span", {}, "The table has ended."));
  }
  info.replaceChildren(...parts);

  const pending = $("request-pending");
  const request = you.request;
  if (!you.seat && (request || app.sitPending)) {
    const seatNo = (request && typeof request === "object" && request.seat) || app.requestedSeat;
    pending.textContent = request
      ? `Waiting for the host to approve your seat${seatNo ? ` (seat ${seatNo})` : ""}…`
      : "Asking for the seat…";
    pending.hidden = false;
  } else {
    pending.hidden = true;
  }

  renderActions(state);
  preActions.render(state);
  renderPlayerControls(state, me);
}

// ---- action controls -------------------------------------------------------------------

const amountBox = $("bet-amount");
const slider = $("bet-slider");
const ACTION_IDS = ["action-fold", "action-check", "action-call", "action-bet", "action-raise", "action-allin", "action-show", "action-muck"];

function legalNow() {
  const hand = app.state && app.state.hand;
  return hand && hand.legal ? hand.legal : null;
}

function sizingBounds(legal) {
  const range = legal && (legal.bet || legal.raise);
  if (!range || typeof range !== "object") return null;
  return { min: Number(range.min), max: Number(range.max) };
}

function clampAmount(value, bounds) {
  let n = Math.floor(Number(value));
  if (!Number.isFinite(n)) n = bounds.min;
  return Math.max(bounds.min, Math.min(bounds.max, n));
}

function setAmount(value, { fromSlider = false, clamp = true } = {}) {
  const legal = legalNow();
  const bounds = sizingBounds(legal);
  if (!bounds) return;
  const amount = clamp ? clampAmount(value, bounds) : value;
  if (!fromSlider || clamp) amountBox.value = String(amount);
  if (!fromSlider) slider.value = String(clampAmount(amount, bounds));
  labelSizedButtons(legal, clampAmount(amountBox.value, bounds));
}

function labelSizedButtons(legal, amount) {
  const allIn = legal.all_in && amount >= legal.all_in ? " (all-in)" : "";
  $("action-bet").textContent = `Bet ${chips(amount)}${allIn}`;
  $("action-raise").textContent = `Raise to ${chips(amount)}${allIn}`;
}

function show(id, visible, label) {
  const el = $(id);
  el.hidden = !visible;
  if (visible && label !== undefined) el.textContent = label;
}

function renderActions(state) {
  const box = $("actions");
  const legal = legalNow();
  if (!legal) {
    box.hidden = true;
    app.legalKey = null;
    return;
  }
  box.hidden = false;
  const hand = state.hand;
  show("action-fold", Boolean(legal.fold));
  show("action-check", Boolean(legal.check));
  show("action-call", Boolean(legal.call), `Call ${chips(legal.call)}`);
  show("action-bet", Boolean(legal.bet));
  show("action-raise", Boolean(legal.raise));
  // When nobody left could call a raise, all-in only calls (R18): the call button says it.
  const allInCalls = Boolean(legal.all_in) && legal.all_in === legal.call_to;
  show("action-allin", Boolean(legal.all_in) && !allInCalls, `All-in ${chips(legal.all_in)}`);
  show("action-show", Boolean(legal.show));
  show("action-muck", Boolean(legal.muck));

  // While the host has paused the game the server refuses every action.
  for (const id of ACTION_IDS) $(id).disabled = state.status === "paused";
  const bounds = sizingBounds(legal);
  const sizing = $("sizing");
  sizing.hidden = !bounds || bounds.max <= bounds.min;
  const key = JSON.stringify([hand.number, hand.street, legal]);
  if (bounds && key !== app.legalKey) {
    for (const el of [slider, amountBox]) {
      el.min = String(bounds.min);
      el.max = String(bounds.max);
      el.step = "1";
    }
    amountBox.value = String(bounds.min);
    slider.value = String(bounds.min);
  }
  app.legalKey = key;
  const presets = legal.presets || {};
  for (const [id, name] of [["preset-half-pot", "half_pot"], ["preset-pot", "pot"], ["preset-allin", "all_in"]]) {
    const value = presets[name];
    const button = $(id);
    button.hidden = !bounds || value === null || value === undefined;
    if (!button.hidden) button.title = `${name === "all_in" ? "all-in" : name.replace("_", " ")}: ${chips(value)}`;
  }
  if (bounds) labelSizedButtons(legal, clampAmount(amountBox.value, bounds));
}

function lockActions(locked) {
  for (const id of ACTION_IDS) $(id).disabled = locked;
}

function act(action, amount) {
  // Naming the decision makes a double click or a second tab harmless: the server refuses
  // an act for a decision that has passed instead of applying it to the next one.
  const fields = { action, decision: app.state?.hand?.decision ?? null };
  if (amount !== undefined) fields.amount = amount;
  if (send("act", fields)) {
    lockActions(true);
    app.coach = coachAfterAct(app.coach, fields.decision, action);
    if (app.state) renderCoach(app.state, app.coach, app.coachOn);
  }
}

function actSized(kind) {
  const legal = legalNow();
  const bounds = sizingBounds(legal);
  if (!bounds) return;
  const amount = clampAmount(amountBox.value, bounds);
  amountBox.value = String(amount);
  act(kind, amount);
}

$("action-fold").addEventListener("click", () => act("fold"));
$("action-check").addEventListener("click", () => act("check"));
$("action-call").addEventListener("click", () => act("call"));
$("action-bet").addEventListener("click", () => actSized("bet"));
$("action-raise").addEventListener("click", () => actSized("raise"));
$("action-allin").addEventListener("click", () => act("all-in"));
$("action-show").addEventListener("click", () => act("show"));
$("action-muck").addEventListener("click", () => act("muck"));
slider.addEventListener("input", () => setAmount(slider.value, { fromSlider: true }));
amountBox.addEventListener("input", () => setAmount(amountBox.value, { clamp: false }));
amountBox.addEventListener("change", () => setAmount(amountBox.value));
amountBox.addEventListener("keydown", (event) => {
  if (event.key !== "Enter") return;
  event.preventDefault();
  const legal = legalNow();
  if (legal && legal.bet) actSized("bet");
  else if (legal && legal.raise) actSized("raise");
});
for (const [id, name] of [["preset-half-pot", "half_pot"], ["preset-pot", "pot"], ["preset-allin", "all_in"]]) {
  $(id).addEventListener("click", () => {
    const legal = legalNow();
    if (legal && legal.presets && legal.presets[name] != null) setAmount(legal.presets[name]);
  });
}

// ---- player controls -------------------------------------------------------------------

function renderPlayerControls(state, me) {
  const hand = state.hand;
  const box = $("player-controls");
  box.hidden = !me;
  if (!me) return;
  const table = state.table;
  const you = state.you || {};
  // A player who sits out during a hand plays it to the end first: the seat shows
  // "sitting-out" only after it, so until then the page remembers the request.
  if (me.state === "sitting-out" || !hand) app.sitOutAsked = false;
  const out = me.state === "sitting-out" || app.sitOutAsked;
  $("sit-out").hidden = out;
  $("sit-in").hidden = !out;
  $("straddle").hidden = !table.straddles;
  // The state says whether you straddle next hand: the button turns it on and off.
  const straddling = Boolean(you.straddle);
  $("straddle").textContent = straddling ? "Straddling next hand ✓" : "Straddle";
  $("straddle").setAttribute("aria-pressed", String(straddling));
  // A sit & go's stacks are its own and its players stay dealt in: the server refuses
  // top-ups and sitting out. Leaving is for before it starts (the seat is given back).
  const sng = isSitAndGo(state);
  if (sng) {
    $("sit-out").hidden = true;
    $("sit-in").hidden = true;
  }
  $("top-up-form").hidden = sng;
  $("leave").hidden = sng && state.status !== "waiting";
  $("run-twice-wrap").hidden = !table.run_it_twice;
  // The seat keeps these choices (you.*), so a reloaded page shows them as they are.
  if (typeof you.run_twice === "boolean") app.runTwice = you.run_twice;
  if (typeof you.coach === "boolean") app.coachOn = you.coach;
  $("run-twice").checked = app.runTwice;
  $("coach-toggle").checked = app.coachOn;
  // What the server takes: the maximum less the stack the hand began with and any top-up
  // waiting for the hand's end (the stack on the felt is less what is bet).
  const room = typeof you.top_up_max === "number" ? you.top_up_max : Math.max(0, (table.max_buy_in || 0) - (me.stack || 0));
  const topUp = $("top-up-amount");
  topUp.max = String(room);
  // Offer what fits under the maximum buy-in, unless the player typed an amount.
  if (!topUp.dataset.edited && document.activeElement !== topUp) topUp.value = room > 0 ? String(room) : "";
  $("top-up").disabled = room <= 0;
  topUp.disabled = room <= 0;
  topUp.placeholder = room > 0 ? String(room) : "max";
  topUp.title = room > 0 ? `Add up to ${room} chips` : "You have the most chips this table allows";
}

$("sit-out").addEventListener("click", () => {
  if (send("sit_out") && app.state && app.state.hand) {
    app.sitOutAsked = true;
    render();
  }
});
$("sit-in").addEventListener("click", () => {
  app.sitOutAsked = false;
  send("sit_in");
  render();
});
$("straddle").addEventListener("click", () => send("straddle", { on: !(app.state && app.state.you && app.state.you.straddle) }));
$("top-up-amount").addEventListener("input", (event) => {
  event.target.dataset.edited = event.target.value ? "1" : "";
});
$("top-up").addEventListener("click", () => {
  const input = $("top-up-amount");
  const amount = Number.parseInt(input.value, 10);
  if (!(amount > 0)) {
    toast("Enter how many chips to add.");
    return;
  }
  input.dataset.edited = "";
  send("top_up", { amount });
});
$("run-twice").addEventListener("change", (event) => {
  app.runTwice = event.target.checked;
  send("run_twice", { agree: app.runTwice });
});
$("coach-toggle").addEventListener("change", (event) => {
  app.coachOn = event.target.checked;
  if (!send("coach", { on: app.coachOn })) {
    app.coachOn = false;
    event.target.checked = false;
  }
  if (app.state) renderCoach(app.state, app.coach, app.coachOn);
});

/** A button that needs a second click within a few seconds, for things that cannot be undone. */
function confirmClick(button, question, action) {
  let armed = null;
  let label = button.textContent; // read again when armed: a label may change with the state
  const disarm = () => {
    clearTimeout(armed);
    armed = null;
    button.textContent = label;
    button.classList.remove("armed");
  };
  button.addEventListener("click", () => {
    if (armed) {
      disarm();
      action();
      return;
    }
    label = button.textContent;
    button.textContent = question;
    button.classList.add("armed");
    armed = setTimeout(disarm, 4000);
  });
}
confirmClick($("leave"), "Leave? Click again", () => send("leave"));

const host = new HostPanel(send, confirmClick);
const home = new HomeGame(send);
const multi = new MultiTablePanel(send, NAME_KEY);
const replayer = new Replayer(tableId);
replayer.listenTo($("hands"), () => tableQuery(app.state));
const social = new SocialPanel(send);
const stats = new StatsPanel(tableId);
const preActions = new PreActions(send);
const announcer = new Announcer();
setupKeys();

// ---- joining ---------------------------------------------------------------------------

const dialog = $("join-dialog");
let joinSeat = null;

function openJoin(seat) {
  const table = app.state && app.state.table;
  if (!table) return;
  joinSeat = seat;
  $("join-title").textContent = `Take seat ${seat}`;
  const name = $("join-name");
  if (!name.value) name.value = localStorage.getItem(NAME_KEY) || "";
  const buyIn = $("join-buyin");
  const sng = isSitAndGo(app.state);
  // In a sit & go everyone starts with the same stack: there is no buy-in to choose.
  $("join-buyin-field").hidden = sng;
  buyIn.required = !sng;
  if (sng) {
    const t = app.state.tournament;
    const blinds = t && t.big_blind ? ` The blinds start at ${chips(t.small_blind)}/${chips(t.big_blind)} and rise level by level;` : " The blinds rise level by level;";
    $("join-title").textContent = `Register in seat ${seat}`;
    $("join-hint").textContent = `Everyone starts with ${chips(table.starting_stack)} chips.${blinds} it begins when every seat is taken.`;
  } else {
    buyIn.min = String(table.min_buy_in);
    buyIn.max = String(table.max_buy_in);
    const current = Number(buyIn.value);
    if (!(current >= table.min_buy_in && current <= table.max_buy_in)) buyIn.value = String(table.max_buy_in);
    $("join-hint").textContent = `Between ${chips(table.min_buy_in)} and ${chips(table.max_buy_in)} (${chips(table.small_blind)}/${chips(table.big_blind)} blinds).`;
  }
  $("join-error").hidden = true;
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
  (name.value && !sng ? buyIn : name).focus();
}

function closeJoin() {
  if (typeof dialog.close === "function") dialog.close();
  else dialog.removeAttribute("open");
}

$("join-cancel").addEventListener("click", closeJoin);
$("join-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const table = app.state && app.state.table;
  const name = $("join-name").value.trim();
  const sng = isSitAndGo(app.state);
  // A sit & go's stack is fixed: the server ignores `buy_in` there, so send the stack.
  const buyIn = sng ? Number(table.starting_stack) : Number.parseInt($("join-buyin").value, 10);
  const error = $("join-error");
  let problem = "";
  if (!name) problem = "Choose a display name.";
  else if (sng) problem = "";
  else if (!Number.isFinite(buyIn)) problem = "Enter a buy-in.";
  else if (table && (buyIn < table.min_buy_in || buyIn > table.max_buy_in)) {
    problem = `The buy-in is between ${chips(table.min_buy_in)} and ${chips(table.max_buy_in)}.`;
  }
  if (problem) {
    error.textContent = problem;
    error.hidden = false;
    return;
  }
  localStorage.setItem(NAME_KEY, name);
  if (send("sit", { seat: joinSeat, name, buy_in: buyIn })) {
    app.sitPending = true;
    app.requestedSeat = joinSeat;
    setTimeout(() => {
      if (app.sitPending) {
        app.sitPending = false;
        render();
      }
    }, 8000);
    closeJoin();
    render();
  }
});

// ---- chat ------------------------------------------------------------------------------

$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $("chat-input");
  const text = input.value.trim().slice(0, 300);
  if (!text) return;
  if (send("chat", { text })) input.value = "";
});

// ---- finished hands --------------------------------------------------------------------

let handsRequest = 0;
async function loadHands() {
  const mine = ++handsRequest;
  // A tournament's tables each keep their own hands: the list is the one on screen.
  const query = tableQuery(app.state);
  const number = app.tableNumber || 0;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/hands${query}`, { headers: { Accept: "application/json" } });
    if (!response.ok) return;
    const hands = await response.json();
    if (mine === handsRequest && Array.isArray(hands)) renderHands(tableId, hands, number);
  } catch {
    // The list comes back with the next finished hand.
  }
}

// ---- errors ----------------------------------------------------------------------------

let toastTimer = null;
function toast(text) {
  const el = $("error");
  el.textContent = text;
  el.hidden = false;
  el.classList.remove("show");
  void el.offsetWidth; // restart the animation
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.hidden = true;
  }, 6000);
}
$("error").addEventListener("click", () => {
  $("error").hidden = true;
});

// ---- start -----------------------------------------------------------------------------

setInterval(() => {
  felt.tick(app.state, serverNow);
  tickTournament(app.state, serverNow());
  sound.tick(app.state, serverNow());
}, 250);
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) connection.nudge();
});
window.addEventListener("online", () => connection.nudge());

if (!tableId) {
  setConnection("closed", "no table in this address");
} else {
  $("ledger-csv").href = `/api/tables/${encodeURIComponent(tableId)}/ledger.csv`;
  $("share-link").value = `${window.location.origin}/t/${encodeURIComponent(tableId)}`;
  connection.connect();
  loadHands();
  const shared = handInAddress();
  if (shared) replayer.open(shared.number, shared.query);
}
