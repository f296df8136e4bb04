// The side of the table page: showdown, coach, host controls, hand log, finished hands and
// the ledger. Each panel redraws only when its part of the state changed, so a box being
// typed in is never replaced under the cursor.
import { h, patch, chips, plural } from "./dom.js";
import { cardEl, cardText } from "./cards.js";
import { bestFiveOn, nameInHand, winningCardsByBoard } from "./table-view.js";
import { fieldCount, isMultiTable, isSitAndGo } from "./table-tournament.js";

const $ = (id) => document.getElementById(id);

/** A share (0..1) or a percentage, as "42.5%". */
export function percent(x) {
  if (x === null || x === undefined || Number.isNaN(Number(x))) return "–";
  const value = Number(x) <= 1 ? Number(x) * 100 : Number(x);
  return `${value.toFixed(1)}%`;
}

// ---- showdown --------------------------------------------------------------------------

export function renderShowdown(state) {
  const panel = $("showdown");
  // The last finished hand's result, until the next hand starts (docs/protocol.md).
  const sd = state.showdown && (!state.hand || state.hand.number === state.showdown.hand) ? state.showdown : null;
  panel.hidden = !sd;
  if (!sd) {
    patch(panel, "none", () => []);
    return;
  }
  patch(panel, JSON.stringify([sd, (state.seats || []).map((s) => s.name)]), () => {
    const bestByBoard = winningCardsByBoard(sd);
    const winners = new Set();
    const won = new Map();
    const boardsWon = new Map(); // seat -> the first board (run) whose pot it won
    for (const pot of sd.pots || []) {
      for (const w of pot.winners || []) {
        winners.add(w);
        if (!boardsWon.has(w)) boardsWon.set(w, pot.run || 0);
      }
      for (const [seat, amount] of pot.shares || []) won.set(seat, (won.get(seat) || 0) + amount);
    }
    const boards = Array.isArray(sd.boards) && sd.boards.length > 1 ? sd.boards : [sd.board || []];
    // A hand won before the flop has no board: no empty row for it.
    const dealt = boards.filter((board) => (board || []).length);
    return [
      h("h2", {}, `Hand #${sd.hand}`),
      dealt.length
        ? h(
            "div",
            { class: "sd-boards" },
            boards.map((board, run) => {
              const best = bestByBoard[run] || new Set();
              return h("div", { class: "sd-board", testid: "showdown-board" }, (board || []).map((c) => cardEl(c, { size: "small", highlight: best.has(c), dim: best.size > 0 && !best.has(c) })));
            }),
          )
        : null,
      h(
        "ul",
        { class: "sd-hands" },
        (sd.shown || []).map((shown) => {
          const win = winners.has(shown.seat);
          // The five of the board this hand won (run twice: not always the first board).
          const bestFive = bestFiveOn(shown, win ? boardsWon.get(shown.seat) : 0);
          const five = new Set(bestFive);
          return h(
            "li",
            { class: `sd-hand${win ? " winner" : ""}`, testid: `showdown-seat-${shown.seat}` },
            h("div", { class: "sd-who" }, nameInHand(state, sd.hand, shown.seat), win && won.has(shown.seat) ? h("span", { class: "sd-won" }, ` +${chips(won.get(shown.seat))}`) : null),
            h("div", { class: "sd-cards" }, (shown.cards || []).map((c) => cardEl(c, { size: "small", highlight: win && five.has(c) }))),
            shown.by_board
              ? h("div", { class: "sd-desc" }, shown.by_board.map((made, run) => h("div", { testid: `showdown-made-${shown.seat}-${run + 1}` }, `${BOARD_WORDS[run] || `Board ${run + 1}`} board: ${made.description}`)))
              : shown.description
                ? h("div", { class: "sd-desc" }, shown.description)
                : null,
            bestFive.length
              ? h("div", { class: "sd-five", testid: `best-five-${shown.seat}`, title: "best five cards" }, bestFive.map((c) => cardEl(c, { size: "tiny", highlight: win })))
              : null,
          );
        }),
      ),
      h(
        "ul",
        { class: "sd-pots" },
        (sd.pots || []).map((pot, i) => {
          const who = (pot.winners || []).map((w) => nameInHand(state, sd.hand, w)).join(" and ");
          return h(
            "li",
            { testid: `showdown-pot-${i}` },
            h("span", { class: "sd-pot-name" }, potName(sd, pot)),
            ` ${chips(pot.amount)} → ${who}`,
            pot.reason ? h("div", { class: "sd-reason", testid: "showdown-reason" }, pot.reason) : null,
          );
        }),
      ),
    ];
  });
}

const BOARD_WORDS = ["First", "Second", "Third"];

/** "Pot", "Main pot", "Side pot 1"; run twice, "First board", "Second board: side pot 1". */
function potName(sd, pot) {
  const boards = (sd.boards || []).length;
  const pots = (sd.pots || []).filter((p) => (p.run || 0) === (pot.run || 0));
  const index = pots.indexOf(pot);
  const name = pots.length > 1 ? (index ? `side pot ${index}` : "main pot") : "pot";
  if (boards > 1) return `${BOARD_WORDS[pot.run || 0] || `Board ${(pot.run || 0) + 1}`} board${pots.length > 1 ? `: ${name}` : ""}`;
  return name[0].toUpperCase() + name.slice(1);
}

// ---- coach -----------------------------------------------------------------------------

export function renderCoach(state, coach, on) {
  const panel = $("coach-panel");
  const seated = Boolean(state.you && state.you.seat);
  panel.hidden = !(on && seated);
  if (panel.hidden) return;
  const handNo = state.hand ? state.hand.number : null;
  const current = coach && handNo !== null && coach.hand === handNo ? coach : null;
  // Fresh: the advice is for the decision on screen (not the one just made).
  const fresh = Boolean(current && current.decision && current.decision === state.hand.decision);
  patch(panel, JSON.stringify([current, handNo, fresh, coach && coach.said]), () => {
    const head = h("h2", {}, "Coach");
    if (!current) {
      // What it said of the last action of a hand that has ended stays until it speaks again.
      return [head, coach && coach.said ? coachSaid(coach) : null, h("p", { class: "muted" }, "The coach speaks on your turn: what to do and why, against the hands the betting suggests.")];
    }
    const outs = current.outs || [];
    const advice = current.advice || {};
    const [numbers, ...why] = advice.reasons || [];
    return [
      head,
      advice.words ? h("p", { class: `coach-advice${fresh ? "" : " stale"}`, testid: "coach-advice", dataset: { fresh: String(fresh) } }, h("strong", {}, advice.words), numbers ? ` ${numbers}` : "") : null,
      h(
        "dl",
        { class: "coach-facts" },
        h("dt", {}, "Equity"),
        h("dd", { testid: "coach-equity" }, percent(current.equity), h("span", { class: "muted" }, ` vs ${(current.opponents ?? 0) === 1 ? "their range" : `${plural(current.opponents ?? 0, "opponent")}' ranges`}`)),
        h("dt", {}, "Pot odds"),
        h(
          "dd",
          { testid: "coach-pot-odds" },
          current.to_call ? [percent(current.pot_odds), h("span", { class: "muted" }, ` needed (call ${chips(current.to_call)} to win ${chips(current.pot)})`)] : "nothing to call",
        ),
        h("dt", {}, "Values"),
        h("dd", { testid: "coach-values" }, advice.values || "–"),
        h("dt", {}, "Outs"),
        h("dd", { testid: "coach-outs" }, outs.length ? [`${outs.length}: `, outs.map((c) => h("span", { class: `out ${/[hd]$/.test(c) ? "red" : ""}` }, cardText(c), " "))] : "none"),
        h("dt", {}, "Ranges"),
        h("dd", { class: "coach-words", testid: "coach-ranges" }, advice.assumption || "–"),
        h("dt", {}, "Why"),
        h("dd", { class: "coach-words", testid: "coach-reason" }, why.join(" ") || "–"),
      ),
      coachSaid(current),
    ];
  });
}

/** What the coach said once the player acted: the beginner mistakes of the action (one
 * kind sentence each), or that it was the coach's own choice. */
function coachSaid(coach) {
  const said = coach.said;
  if (!said) return null;
  const chose = `You chose to ${said.action === "all-in" ? "go all-in" : said.action}`;
  if (!said.lines.length) {
    return said.agreed ? h("p", { class: "coach-said good", testid: "coach-mistake" }, `${chose}: the coach's choice too.`) : null;
  }
  return h(
    "div",
    { class: "coach-said", testid: "coach-mistake" },
    h("p", {}, `${chose}:`),
    h("ul", {}, said.lines.map((line) => h("li", {}, line))),
  );
}

/** The coach's message with what it says of the action the player just chose at the
 * decision it spoke to (kept with the next advice of the same hand). */
export function coachAfterAct(coach, decision, action) {
  if (!coach || !decision || coach.decision !== decision) return coach;
  const lines = (coach.mistakes || {})[action] || [];
  const agreed = Boolean(coach.advice) && coach.advice.action === action;
  return { ...coach, said: { action, lines, agreed } };
}

/** A new coach message, keeping what the coach said of the last action in the hand. */
export function coachNext(previous, message) {
  const said = previous && previous.hand === message.hand ? previous.said : undefined;
  return said ? { ...message, said } : message;
}

// ---- host ------------------------------------------------------------------------------

export class HostPanel {
  constructor(send, confirmClick) {
    this.send = send;
    this.confirmClick = confirmClick;
    this.rows = new Map();
    this.multiTable = false;
    $("host-start").addEventListener("click", () => send("start"));
    $("host-pause").addEventListener("click", () => send("pause"));
    $("host-resume").addEventListener("click", () => send("resume"));
    // Pause once the hand in progress is over: the host may then correct stacks.
    this.pauseAfter = h("button", { type: "button", class: "btn small", id: "host-pause-after-hand", testid: "host-pause-after-hand" }, "Pause after this hand");
    this.pauseAfter.addEventListener("click", () => send("pause_after_hand", { on: !this.pausePending }));
    this.pausePending = false;
    $("host-pause").after(this.pauseAfter);
    confirmClick($("host-void"), "Void this hand?", () => send("void"));
    confirmClick($("host-end"), "End it for everyone?", () => send("end"));
    $("host-add-bot").addEventListener("click", () => {
      // A multi-table tournament's bot registers like a player: the seat draw seats it.
      if (this.multiTable) {
        send("add_bot", { kind: $("add-bot-kind").value });
        return;
      }
      const seat = Number.parseInt($("add-bot-seat").value, 10);
      if (!seat) return;
      send("add_bot", { kind: $("add-bot-kind").value, seat });
    });
    $("share-copy").addEventListener("click", () => this.copyLink());
  }

  async copyLink() {
    const input = $("share-link");
    const button = $("share-copy");
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(input.value);
        copied = true;
      }
    } catch {
      copied = false;
    }
    if (!copied) {
      input.focus();
      input.select();
      try {
        copied = document.execCommand("copy");
      } catch {
        copied = false;
      }
    }
    button.textContent = copied ? "Copied" : "Select and copy";
    setTimeout(() => {
      button.textContent = "Copy";
    }, 2000);
  }

  render(state) {
    const panel = $("host-panel");
    const host = Boolean(state.you && state.you.host);
    panel.hidden = !host;
    if (!host) return;
    const status = state.status;
    $("host-start").hidden = status !== "waiting";
    $("host-pause").hidden = status !== "running";
    this.pausePending = Boolean(state.pause_after_hand);
    this.pauseAfter.hidden = status !== "running" || !state.hand || isSitAndGo(state) || isMultiTable(state);
    this.pauseAfter.textContent = this.pausePending ? "Pausing after this hand · Cancel" : "Pause after this hand";
    this.pauseAfter.setAttribute("aria-pressed", String(this.pausePending));
    $("host-resume").hidden = status !== "paused";
    $("host-void").hidden = !state.hand || status === "ended";
    $("host-end").hidden = status === "ended";
    const link = `${window.location.origin}/t/${encodeURIComponent(state.table.id)}`;
    if ($("share-link").value !== link) $("share-link").value = link;

    const requests = state.requests || [];
    patch($("requests"), JSON.stringify(requests), () =>
      requests.length
        ? requests.map((r) =>
            h(
              "li",
              { testid: `request-${r.id}` },
              h("span", { class: "req-text" }, h("strong", {}, r.name), ` asks for seat ${r.seat} with ${chips(r.buy_in)}`),
              h(
                "span",
                { class: "req-buttons" },
                h("button", { type: "button", class: "btn small primary", testid: `request-approve-${r.id}`, onclick: () => this.send("approve", { request: r.id }) }, "Approve"),
                h("button", { type: "button", class: "btn small", testid: `request-refuse-${r.id}`, onclick: () => this.send("refuse", { request: r.id }) }, "Refuse"),
              ),
            ),
          )
        : h("li", { class: "muted" }, "No one is waiting."),
    );

    // A sit & go's stacks are not corrected and its players are not removed (the server
    // refuses both), and its seats are filled before it starts. A multi-table tournament
    // has no seat requests (players register) and its players are in its own panel.
    const sng = isSitAndGo(state);
    const mtt = isMultiTable(state);
    this.multiTable = mtt;
    $("host-seating").hidden = mtt;
    const end = $("host-end");
    if (!end.classList.contains("armed")) end.textContent = sng ? "End tournament" : "End table";
    this.renderPlayers(state, sng);

    const empty = [];
    const bySeat = new Map((state.seats || []).map((s) => [s.seat, s]));
    for (let n = 1; n <= state.table.seats; n += 1) {
      const s = bySeat.get(n);
      if (!s || s.state === "empty") empty.push(n);
    }
    const select = $("add-bot-seat");
    const chosen = select.value;
    patch(select, JSON.stringify(empty), () => empty.map((n) => h("option", { value: String(n) }, `seat ${n}`)));
    if (empty.includes(Number(chosen))) select.value = chosen;
    select.disabled = empty.length === 0;
    select.hidden = mtt;
    const [taken, places] = fieldCount(state);
    const full = mtt ? taken >= places : empty.length === 0;
    $("host-add-bot").disabled = full || status === "ended";
    for (const el of document.querySelectorAll("#host-panel .add-bot")) el.hidden = sng && status !== "waiting";
  }

  /** One row per occupied seat, kept across states so a typed amount survives. */
  renderPlayers(state, sng = false) {
    const list = $("host-players");
    const occupied = (state.seats || []).filter((s) => s.state && s.state !== "empty");
    const seen = new Set();
    for (const s of occupied) {
      seen.add(s.seat);
      let row = this.rows.get(s.seat);
      if (!row) {
        const label = h("span", { class: "hp-label" });
        const amount = h("input", { type: "number", step: "1", class: "hp-amount", testid: `adjust-amount-${s.seat}`, placeholder: "±", "aria-label": `Chips to add to or take from seat ${s.seat}` });
        const adjust = h("button", { type: "button", class: "btn small", testid: `host-adjust-${s.seat}` }, "Adjust");
        const remove = h("button", { type: "button", class: "btn small danger", testid: `host-remove-${s.seat}` }, "Remove");
        const ban = h("button", { type: "button", class: "btn small danger", testid: `host-ban-${s.seat}`, title: "Remove, and never let them ask for a seat here again" }, "Ban");
        const seatNo = s.seat;
        adjust.addEventListener("click", () => {
          const change = Number.parseInt(amount.value, 10);
          if (!Number.isFinite(change) || change === 0) {
            amount.focus();
            return;
          }
          this.send("adjust", { seat: seatNo, change });
          amount.value = "";
        });
        this.confirmClick(remove, "Remove?", () => this.send("remove", { seat: seatNo }));
        this.confirmClick(ban, "Ban for good?", () => this.send("remove", { seat: seatNo, ban: true }));
        const tools = h("span", { class: "inline-form" }, amount, adjust, remove, ban);
        row = { li: h("li", { testid: `host-player-${s.seat}` }, label, tools), label, tools, ban };
        this.rows.set(s.seat, row);
      }
      const text = `${s.seat}. ${s.name || ""}${s.bot ? ` (${s.bot})` : ""} · ${chips(s.stack)}`;
      if (row.label.textContent !== text) row.label.textContent = text;
      row.tools.hidden = sng;
      row.ban.hidden = Boolean(s.bot) || s.seat === (state.you && state.you.seat); // a bot has no identity to ban, nor may the host ban themself
    }
    for (const [seat, row] of this.rows) {
      if (!seen.has(seat)) {
        row.li.remove();
        this.rows.delete(seat);
      }
    }
    const ordered = [...this.rows.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r.li);
    ordered.forEach((li, i) => {
      if (list.children[i] !== li) list.insertBefore(li, list.children[i] || null);
    });
    let empty = list.querySelector(".muted");
    if (!ordered.length && !empty) list.appendChild(h("li", { class: "muted" }, "No players yet."));
    else if (ordered.length && empty) empty.remove();
  }
}

// ---- hand log --------------------------------------------------------------------------

export function renderLog(state) {
  const list = $("hand-log");
  const log = state.log || [];
  const stick = nearBottom(list);
  const changed = patch(list, JSON.stringify(log), () => {
    const items = [];
    let current = null;
    for (const entry of log) {
      if (entry.hand !== current) {
        current = entry.hand;
        items.push(h("li", { class: "log-hand" }, entry.hand ? `Hand #${entry.hand}` : "Table"));
      }
      items.push(h("li", { class: "log-line" }, entry.text));
    }
    return items.length ? items : [h("li", { class: "muted" }, "Nothing yet.")];
  });
  if (changed && stick) list.scrollTop = list.scrollHeight;
}

// ---- chat ------------------------------------------------------------------------------

function chatItem(message) {
  const when = message.at ? new Date(message.at) : new Date();
  const time = when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return h("li", {}, h("span", { class: "chat-time" }, time), " ", h("strong", {}, message.name || "?"), ": ", message.text);
}

function nearBottom(list) {
  return list.scrollHeight - list.scrollTop - list.clientHeight < 40;
}

/** The chat as the state carries it (the last messages), replacing what is shown. */
export function renderChat(messages) {
  const list = $("chat-log");
  const recent = messages.slice(-200);
  const stick = nearBottom(list);
  const changed = patch(list, JSON.stringify(recent), () => recent.map(chatItem));
  if (changed && stick) list.scrollTop = list.scrollHeight;
}

/** One `chat` message, added at the end. */
export function addChat(message) {
  const list = $("chat-log");
  const stick = nearBottom(list);
  list.appendChild(chatItem(message));
  list._patchKey = null; // the next state's chat redraws the list
  while (list.children.length > 200) list.firstChild.remove();
  if (stick) list.scrollTop = list.scrollHeight;
}

// ---- finished hands and ledger ---------------------------------------------------------

/** The finished hands of the table on screen; `table` names a tournament's table (else 0). */
export function renderHands(tableId, hands, table = 0) {
  const query = table ? `?table=${table}` : "";
  const base = `/api/tables/${encodeURIComponent(tableId)}/hands`;
  const file = (number, ending) => `${table ? `table-${table}-` : ""}hand-${number}${ending}`;
  const list = $("hands");
  const newest = [...hands].sort((a, b) => b.number - a.number).slice(0, 100);
  patch(list, JSON.stringify([newest, table]), () =>
    newest.length
      ? newest.map((hand) =>
          h(
            "li",
            { testid: `hand-${hand.number}` },
            h("span", { class: "hand-no" }, `#${hand.number}`),
            h("button", { type: "button", class: "btn small", testid: `replay-open-${hand.number}`, dataset: { replay: hand.number } }, "Replay"),
            h("a", { href: hand.phh || `${base}/${hand.number}.phh${query}`, download: file(hand.number, ".phh"), testid: `hand-phh-${hand.number}` }, "PHH"),
            h("a", { href: hand.text || `${base}/${hand.number}.txt${query}`, download: file(hand.number, ".txt"), testid: `hand-txt-${hand.number}` }, "text"),
            h("a", { href: hand.proof || `${base}/${hand.number}.json${query}`, download: file(hand.number, "-proof.json"), testid: `hand-proof-${hand.number}`, title: hand.commitment ? `commitment ${hand.commitment}` : "shuffle proof" }, "shuffle proof"),
            hand.verified_url ? h("a", { href: hand.verified_url, testid: `hand-verify-${hand.number}`, target: "_blank", rel: "noopener" }, "verify") : null,
          ),
        )
      : h("li", { class: "muted" }, "No finished hands yet."),
  );
}

export function renderLedger(state) {
  // A multi-table tournament's chips move with its players from table to table: one
  // table's buy-ins and cash-outs would tell nothing.
  $("ledger-panel").hidden = isMultiTable(state);
  if (isMultiTable(state)) return;
  const ledger = state.ledger || [];
  $("ledger-csv").href = `/api/tables/${encodeURIComponent(state.table.id)}/ledger.csv`;
  $("ledger-csv").setAttribute("download", `ledger-${state.table.id}.csv`);
  patch($("ledger"), JSON.stringify(ledger), () => {
    if (!ledger.length) return h("p", { class: "muted" }, "No buy-ins yet.");
    const signed = (n) => (n > 0 ? `+${chips(n)}` : chips(n));
    return h(
      "table",
      { class: "list ledger" },
      h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Bought"), h("th", {}, "Cashed out"), h("th", {}, "Adjusted"), h("th", {}, "At table"), h("th", {}, "Net"))),
      h(
        "tbody",
        {},
        ledger.map((row) =>
          h(
            "tr",
            {},
            h("td", {}, row.player),
            h("td", {}, chips(row.bought)),
            h("td", {}, chips(row.cashed_out)),
            h("td", {}, signed(row.adjusted)),
            h("td", {}, chips(row.at_table)),
            h("td", { class: row.net > 0 ? "up" : row.net < 0 ? "down" : "", testid: "ledger-net" }, signed(row.net)),
          ),
        ),
      ),
    );
  });
  // Null during a hand (the ledger cannot change then): the last one shown stays.
  if (!Array.isArray(state.settle_up)) return;
  const transfers = state.settle_up;
  const house = state.settle_house || [];
  patch($("settle-up") || $("ledger").parentNode.appendChild(h("div", { id: "settle-up", class: "settle-up", testid: "settle-up" })), JSON.stringify([transfers, house]), () => [
    h("h3", {}, "Settle up"),
    transfers.length || house.length
      ? h("ul", { class: "list" }, [
          ...transfers.map((t) => h("li", { testid: "settle-up-transfer" }, h("strong", {}, t.from), ` pays ${chips(t.amount)} to `, h("strong", {}, t.to))),
          // The bots' chips are the house's: what they won or lost is settled with it.
          ...house.map((row) =>
            h(
              "li",
              { testid: "settle-up-house" },
              row.amount > 0 ? ["The house pays ", h("strong", {}, row.player), ` ${chips(row.amount)}`] : [h("strong", {}, row.player), ` pays the house ${chips(-row.amount)}`],
            ),
          ),
        ])
      : h("p", { class: "muted" }, "Everyone is even: nobody pays."),
    house.length ? h("p", { class: "muted settle-house-note" }, "The bots play with the house's chips: what they win or lose is settled with the house.") : null,
  ]);
}
