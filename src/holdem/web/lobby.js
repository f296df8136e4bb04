// The lobby: the list of tables and the form that creates one (docs/protocol.md).
import { h, chips, plural } from "./dom.js";
import { setupLook } from "./table-look.js";

setupLook();

const BOT_KINDS = ["tag", "mc", "caller", "random"];
const STRUCTURES = { nl: "No limit", pl: "Pot limit", fl: "Fixed limit" };
const MODES = { cash: "Cash", sng: "Sit & go", mtt: "Tournament", live: "Live" };

const form = document.getElementById("create-form");
const errorBox = document.getElementById("create-error");
const rows = document.getElementById("table-rows");
const list = document.getElementById("table-list");
const empty = document.getElementById("tables-empty");
const listError = document.getElementById("tables-error");

// ---- the list of tables --------------------------------------------------------------

async function loadTables() {
  try {
    const response = await fetch("/api/tables", { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    const tables = await response.json();
    renderTables(Array.isArray(tables) ? tables : []);
    listError.hidden = true;
  } catch (err) {
    listError.textContent = `Could not load the tables: ${err.message}.`;
    listError.hidden = false;
  }
}

/** A tournament that has not begun is taking registrations. */
function statusText(table) {
  const tournament = table.mode === "sng" || table.mode === "mtt";
  return tournament && table.status === "waiting" ? "registering" : table.status;
}

/** Players seated of seats; a multi-table tournament's registered of its field, then who is left. */
function playersText(table) {
  if (table.mode === "mtt" && table.status !== "waiting") {
    return `${table.players_left ?? 0} left · ${plural(table.tables ?? 0, "table")}`;
  }
  return `${table.players ?? 0}/${table.seats}`;
}

/** A stored table the server could not open: its name, and why, in place of its game. */
function unavailableRow(t) {
  return h(
    "tr",
    { testid: `table-row-${t.id}`, class: "status-unavailable" },
    h("td", {}, t.name || t.id),
    h("td", { class: "col-game" }),  // hidden on a phone, like the other rows' game
    h("td", { colspan: "2", class: "muted", testid: `table-reason-${t.id}` }, t.reason || ""),
    h("td", {}, h("span", { class: "pill status-unavailable", testid: `table-status-${t.id}`, title: t.reason || "" }, "unavailable")),
  );
}

function renderTables(tables) {
  empty.hidden = tables.length > 0;
  list.hidden = tables.length === 0;
  rows.replaceChildren(
    ...tables.map((t) => {
      if (t.status === "unavailable") return unavailableRow(t);
      // An archived table (put away while idle) comes back when its page is opened.
      const mode = MODES[t.mode] ? t.mode : "cash";
      return h(
        "tr",
        { testid: `table-row-${t.id}`, class: `status-${t.status} mode-${mode}` },
        h(
          "td",
          {},
          h("a", { href: `/t/${encodeURIComponent(t.id)}`, testid: `table-link-${t.id}` }, t.name || t.id),
          " ",
          h("span", { class: `tag mode-${mode}`, testid: `table-mode-${t.id}` }, MODES[mode]),
        ),
        h("td", { class: "col-game" }, STRUCTURES[t.structure] || t.structure),
        // A tournament's blinds rise on its clock: its table page shows the level in force.
        h("td", {}, mode === "sng" || mode === "mtt" ? h("span", { class: "muted", title: "the blinds rise level by level" }, "rising") : `${chips(t.small_blind)}/${chips(t.big_blind)}`),
        h("td", { testid: `table-players-${t.id}` }, playersText(t)),
        h("td", {}, h("span", { class: `pill status-${t.status}`, testid: `table-status-${t.id}` }, statusText(t))),
      );
    }),
  );
}

document.getElementById("refresh").addEventListener("click", loadTables);
loadTables();
setInterval(() => {
  if (!document.hidden) loadTables();
}, 5000);

// ---- the create form -----------------------------------------------------------------

const field = (name) => form.elements.namedItem(name);
const intOf = (name) => Number.parseInt(field(name).value, 10);
const numOf = (name) => Number.parseFloat(field(name).value);

// Buy-ins follow the big blind (20 to 100 big blinds) until someone edits them.
let buyInsEdited = false;
for (const name of ["min_buy_in", "max_buy_in"]) {
  field(name).addEventListener("input", () => {
    buyInsEdited = true;
    updateHint();
  });
}
field("big_blind").addEventListener("input", () => {
  const bb = intOf("big_blind");
  if (!buyInsEdited && bb > 0) {
    field("min_buy_in").value = 20 * bb;
    field("max_buy_in").value = 100 * bb;
  }
  updateHint();
});
field("ante_kind").addEventListener("change", () => {
  const none = field("ante_kind").value === "none";
  field("ante").disabled = none;
  if (none) field("ante").value = 0;
  else if (!(intOf("ante") > 0)) field("ante").value = Math.max(1, intOf("big_blind") || 1);
});

// A tournament takes its blinds from its structure and gives everyone the same stack: the
// blinds, ante and buy-in fields give way to its own. Each part of the form names the
// modes it belongs to (data-modes="sng mtt").
const BOTS_HINT = {
  cash: "Bots sit from seat 1 with the maximum buy-in.",
  sng: "Bots sit from seat 1 with the starting stack.",
  mtt: "Bots register at once; the seat draw places them with everyone else.",
  live: "",
};
const CREATE_LABEL = { cash: "Create table", sng: "Create sit & go", mtt: "Create tournament", live: "Create live table" };

function updateMode() {
  const mode = field("mode").value;
  for (const el of form.querySelectorAll("[data-modes]")) el.hidden = !el.dataset.modes.split(" ").includes(mode);
  document.getElementById("seats-label").textContent = mode === "mtt" ? "Table size" : "Seats";
  document.getElementById("tournament-legend").textContent = mode === "mtt" ? "Multi-table tournament" : "Sit & go";
  document.getElementById("bots-hint").textContent = BOTS_HINT[mode];
  form.querySelector('[data-testid="create-table"]').textContent = CREATE_LABEL[mode];
  updateBotLimits();
}

/** Bots leave one place free: a seat at a table, a place in a tournament's field. */
function updateBotLimits() {
  const places = field("mode").value === "mtt" ? intOf("max_players") : intOf("seats");
  const most = Math.max(0, (places || 2) - 1);
  for (const kind of BOT_KINDS) field(`bots-${kind}`).max = String(most);
}
field("mode").addEventListener("change", updateMode);
field("seats").addEventListener("input", updateBotLimits);
field("max_players").addEventListener("input", updateBotLimits);
updateMode();

function updateHint() {
  const bb = intOf("big_blind");
  const min = intOf("min_buy_in");
  const max = intOf("max_buy_in");
  const hint = document.getElementById("buy-in-hint");
  hint.textContent = bb > 0 && min > 0 && max > 0 ? `${+(min / bb).toFixed(1)} to ${+(max / bb).toFixed(1)} big blinds` : "";
}
updateHint();

/** The form as the table options of docs/protocol.md. */
function options() {
  const bots = [];
  for (const kind of BOT_KINDS) {
    const count = Math.max(0, intOf(`bots-${kind}`) || 0);
    for (let i = 0; i < count; i += 1) bots.push(kind);
  }
  const common = {
    name: field("name").value.trim(),
    structure: field("structure").value,
    straddles: field("straddles").checked,
    run_it_twice: field("run_it_twice").checked,
    seats: intOf("seats"),
    action_seconds: numOf("action_seconds"),
    time_bank_seconds: numOf("time_bank_seconds"),
    seat_approval: field("seat_approval").checked,
    bots,
    bot_think_seconds: numOf("bot_think_seconds"),
    between_hands_seconds: numOf("between_hands_seconds"),
  };
  const mode = field("mode").value;
  if (mode === "sng" || mode === "mtt") {
    // The blinds, antes and buy-in come from the structure and the starting stack.
    const minutes = field("level_minutes").value.trim();
    const tournament = {
      ...common,
      mode,
      starting_stack: intOf("starting_stack"),
      structure_preset: "home",
      level_minutes: minutes === "" ? null : Number.parseFloat(minutes),
      prize_per_player: intOf("prize_per_player"),
    };
    if (mode === "mtt") return { ...tournament, max_players: intOf("max_players") };
    // A sit & go's extras: empty fields are none.
    const level = (name) => (field(name).value.trim() === "" ? null : intOf(name));
    return { ...tournament, rebuys: level("rebuys"), addon: level("addon"), bounty: field("bounty").value };
  }
  const anteKind = field("ante_kind").value;
  if (mode === "live") return liveOptions(anteKind);
  return {
    ...common,
    mode: "cash",
    small_blind: intOf("small_blind"),
    big_blind: intOf("big_blind"),
    ante: anteKind === "none" ? 0 : intOf("ante"),
    ante_kind: anteKind,
    min_buy_in: intOf("min_buy_in"),
    max_buy_in: intOf("max_buy_in"),
    ...homeGame(),
    ...rake(),
  };
}

/** The house's rake of a cash table; none unless a percentage is given. */
function rake() {
  const percent = numOf("rake_percent") || 0;
  const cap = field("rake_cap").value.trim();
  return {
    rake_percent: percent,
    rake_cap: cap === "" ? null : Number.parseInt(cap, 10),
    rake_no_flop_no_drop: field("rake_no_flop_no_drop").checked,
  };
}

/** A live table: the game and its blinds; seats and stacks are set up on its page. */
function liveOptions(anteKind) {
  return {
    name: field("name").value.trim(),
    mode: "live",
    structure: field("structure").value,
    seats: intOf("seats"),
    small_blind: intOf("small_blind"),
    big_blind: intOf("big_blind"),
    ante: anteKind === "none" ? 0 : intOf("ante"),
    ante_kind: anteKind,
  };
}

/** The home-game customs of a cash table: bomb pots, the 7-2 game, the rabbit. */
function homeGame() {
  const bombPots = field("bomb_pots").checked;
  return {
    bomb_pots: bombPots,
    bomb_pot_ante: bombPots ? intOf("bomb_pot_ante") : 0,
    seven_deuce_bounty: intOf("seven_deuce_bounty") || 0,
    rabbit_hunt: field("rabbit_hunt").checked,
  };
}
field("bomb_pots").addEventListener("change", () => {
  field("bomb_pot_ante").disabled = !field("bomb_pots").checked;
});

/** Only what the browser can tell at a glance; the server checks everything again. */
function localProblem(o) {
  if (!o.name) return "Give the table a name.";
  if (o.mode === "live") return null; // nothing but the blinds and seats: the server words them
  const sng = o.mode !== "cash";
  const whole = sng
    ? [
        ["starting_stack", "The starting stack"],
        ["prize_per_player", "The prize per player"],
        ["seats", o.mode === "mtt" ? "The table size" : "The number of seats"],
        ...(o.mode === "mtt" ? [["max_players", "The field size"]] : []),
      ]
    : [
        ["small_blind", "The small blind"],
        ["big_blind", "The big blind"],
        ["min_buy_in", "The minimum buy-in"],
        ["max_buy_in", "The maximum buy-in"],
        ["seats", "The number of seats"],
      ];
  for (const [key, label] of whole) {
    if (!Number.isFinite(o[key])) return `${label} must be a whole number.`;
  }
  if (!Number.isFinite(o.action_seconds)) return "The action timer must be a number of seconds.";
  if (!Number.isFinite(o.time_bank_seconds)) return "The time bank must be a number of seconds.";
  if (sng && o.level_minutes !== null && !(o.level_minutes > 0)) {
    return "A level lasts more than 0 minutes: leave the length empty for the structure's own.";
  }
  if (!sng && !Number.isFinite(o.ante)) return "The ante must be a whole number.";
  for (const key of ["bot_think_seconds", "between_hands_seconds"]) {
    if (!Number.isFinite(o[key])) return "Times must be numbers of seconds.";
  }
  return null;
}

function showError(text) {
  errorBox.textContent = text;
  errorBox.hidden = !text;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = options();
  const problem = localProblem(body);
  if (problem) {
    showError(problem);
    return;
  }
  showError("");
  const button = form.querySelector('[data-testid="create-table"]');
  button.disabled = true;
  try {
    const response = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    let payload = null;
    try {
      payload = await response.json();
    } catch {
      payload = null;
    }
    if (response.status === 201 || response.ok) {
      const url = payload?.url || (payload?.id ? `/t/${encodeURIComponent(payload.id)}` : null);
      if (url) {
        window.location.assign(url);
        return;
      }
      showError("The table was created but the server sent no address for it.");
    } else {
      showError(payload?.error || `The server refused the table (${response.status}).`);
    }
  } catch (err) {
    showError(`Could not reach the server: ${err.message}.`);
  } finally {
    button.disabled = false;
  }
});
