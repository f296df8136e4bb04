// The tournament panel of the table page (a sit & go, or a multi-table tournament): the
// level and its blinds, the time left in it, the field and the prizes, and the results
// once one player holds every chip. Everything comes from the `tournament` object of the
// `state` (docs/protocol.md); the countdown runs on the server's clock (`now`), whatever
// the browser's own clock says.
import { h, patch, chips } from "./dom.js";

const $ = (id) => document.getElementById(id);
const TOURNAMENT_MODES = ["sng", "mtt"];

/** A table whose chips are tournament chips (the state says so even before it starts). */
export function isSitAndGo(state) {
  return Boolean(state && (state.tournament || (state.table && TOURNAMENT_MODES.includes(state.table.mode))));
}

/** One table of a multi-table tournament (or its lobby, table 0, before the start). */
export function isMultiTable(state) {
  return Boolean(state && state.table && state.table.mode === "mtt");
}

/** What the event is called in sentences: "sit & go" or "tournament". */
export function eventName(state) {
  return isMultiTable(state) ? "tournament" : "sit & go";
}

/** Registered and places before the start: [taken, of]. A sit & go counts its seats. */
export function fieldCount(state) {
  const t = state.tournament || {};
  if (isMultiTable(state)) return [(t.registered || []).length, t.max_players ?? state.table.max_players];
  const seated = (state.seats || []).filter((s) => s.state && s.state !== "empty").length;
  return [seated, state.table.seats];
}

/** 1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd". */
export function ordinal(n) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th"}`;
}

/** "75/150" or "100/200 · ante 200". */
export function blindsText(level) {
  if (!level) return "";
  const ante = level.ante ? ` · ante ${chips(level.ante)}` : "";
  return `${chips(level.small_blind)}/${chips(level.big_blind)}${ante}`;
}

/** 272000 ms -> "4:32"; an hour or more -> "1:04:32". */
export function duration(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** The finishing row of first place, once the sit & go is over; else null. */
export function winnerOf(tournament) {
  return (tournament && (tournament.finishing || []).find((row) => row.place === 1)) || null;
}

/** The place a player finished in (by name), or null while they are still in. */
export function placeOf(tournament, name) {
  if (!tournament || !name) return null;
  return (tournament.finishing || []).find((row) => row.name === name) || null;
}

function placeItem(row, me, testid) {
  return h(
    "li",
    { class: `tour-place${row.prize > 0 ? " paid" : ""}${me && row.name === me ? " me" : ""}`, testid },
    h("span", { class: "tour-ord" }, ordinal(row.place)),
    row.name !== undefined ? h("span", { class: "tour-name", title: row.name }, row.name) : null,
    h("span", { class: "tour-prize" }, row.prize > 0 ? chips(row.prize) : "–"),
  );
}

/**
 * Draw the panel (or hide it at a cash table). `me` is the name this page played under,
 * to mark its own place; `now` is the server's clock in milliseconds.
 */
export function renderTournament(state, now, me) {
  const sng = isSitAndGo(state);
  $("tour-area").hidden = !sng;
  document.body.classList.toggle("sit-and-go", sng);
  if (!sng) return;
  const t = state.tournament || {};
  const status = state.status;
  const waiting = status === "waiting";
  const ended = status === "ended";
  const panel = $("tournament-panel");
  panel.dataset.status = status;

  $("tournament-title").textContent = isMultiTable(state) ? "Tournament" : "Sit & go";
  $("tournament-level").textContent = t.level ? `Level ${t.level}` : "";
  $("tournament-blinds").replaceChildren(h("span", { class: "tour-label" }, "Blinds "), h("strong", {}, blindsText(t)));
  const next = $("tournament-next");
  next.hidden = ended;
  next.textContent = t.next ? `Next level ${blindsText(t.next)}` : "This is the last level: the blinds stay here.";
  $("tournament-clock").hidden = ended;

  const [taken, places] = fieldCount(state);
  $("tournament-players-label").textContent = waiting ? "Registered" : "Players left";
  $("tournament-players").textContent = waiting ? `${taken} of ${places}` : `${t.players_left ?? 0} of ${t.entrants ?? 0}`;
  // Before the start every player's stack is the starting stack; the pool waits for the field.
  $("tournament-average-label").textContent = waiting ? "Stack" : "Average";
  $("tournament-average").textContent = chips(waiting ? state.table.starting_stack : t.average_stack);
  const pool = $("tournament-pool");
  pool.textContent = waiting ? "–" : chips(t.prize_pool);
  pool.title = waiting ? "set by the number of entrants when it starts" : "";

  const payouts = t.payouts || [];
  $("tournament-payouts").parentElement.hidden = ended;
  patch($("tournament-payouts"), JSON.stringify([payouts, waiting]), () =>
    payouts.length
      ? payouts.map((row) => placeItem(row, null, `tournament-payout-${row.place}`))
      : h("li", { class: "muted" }, waiting ? "Set by the number of entrants when it starts." : "No prizes."),
  );

  const finishing = [...(t.finishing || [])].sort((a, b) => b.place - a.place);
  $("tournament-finishing-row").hidden = ended;
  patch($("tournament-finishing"), JSON.stringify([finishing, me]), () =>
    finishing.length ? finishing.map((row) => placeItem(row, me, `tournament-out-${row.place}`)) : h("li", { class: "muted" }, "Nobody yet."),
  );

  renderResults(state, t, me);
  tickTournament(state, now);
}

/** The banner once it is over: the winner, then every place with its prize. */
function renderResults(state, t, me) {
  const box = $("tournament-results");
  const ended = state.status === "ended";
  box.hidden = !ended;
  const places = [...(t.finishing || [])].sort((a, b) => a.place - b.place);
  patch(box, JSON.stringify([ended, places, me, eventName(state)]), () => {
    if (!ended) return [];
    const winner = winnerOf(t);
    const event = eventName(state);
    const head = winner
      ? h("div", { class: "tour-champion" }, h("span", { class: "tour-trophy", "aria-hidden": "true" }, "♛"), h("strong", { testid: "tournament-winner" }, winner.name), ` wins the ${event}!`)
      : h("div", { class: "tour-champion" }, `The host ended the ${event} before it was over.`);
    return [
      head,
      places.length ? h("ol", { class: "tour-places tour-results-list" }, places.map((row) => placeItem(row, me, `tournament-place-${row.place}`))) : null,
      t.prize_pool ? h("p", { class: "tour-pool-line" }, `Prize pool ${chips(t.prize_pool)}`) : null,
    ];
  });
}

/** Called a few times a second: the time left in the level, by the server's clock. */
export function tickTournament(state, now) {
  const t = state && state.tournament;
  const el = $("tournament-clock");
  if (!t || !el || state.status === "ended") return;
  let label = "";
  let value = "";
  let kind = "";
  if (state.status === "waiting") {
    label = isMultiTable(state) ? "Starts when the field is full" : "Starts when every seat is taken";
  } else if (state.status === "paused") {
    label = "Clock stopped: paused";
    kind = "paused";
  } else if (t.on_break && t.break_ends) {
    const left = t.break_ends - now;
    label = "Break: play resumes in ";
    value = duration(left);
    kind = "break";
    el.dataset.left = String(Math.max(0, Math.ceil(left / 1000)));
  } else if (t.level_ends === null || t.level_ends === undefined) {
    label = "Last level";
  } else {
    const left = t.level_ends - now;
    if (left > 0) {
      label = "Next level in ";
      value = duration(left);
      if (left < 60000) kind = "soon";
    } else {
      label = "Blinds go up from the next hand";
      kind = "soon";
    }
    el.dataset.left = String(Math.max(0, Math.ceil(left / 1000)));
  }
  el.dataset.kind = kind;
  patch(el, `${label}|${value}`, () => [h("span", { class: "tour-label" }, label), value ? h("strong", {}, value) : null]);
}
