// The tournament on the clock page: the payouts, the bounties and the league standings
// on the big screen, and the host's dialogs for late entries, rebuys, add-ons,
// re-entries, knockouts, mystery envelopes and the deal.
//
// Names are the players' own text: they go into the page as text nodes only.
"use strict";

window.clockDesk = (() => {
  const byId = (id) => document.getElementById(id);
  const number = new Intl.NumberFormat("en-US");
  const TITLES = {
    register: "Late entry",
    rebuy: "Rebuy",
    addon: "Add-on",
    reentry: "Re-entry",
    knockout: "Knockout",
    envelopes: "Mystery envelopes",
    deal: "Deal",
  };
  let view = null;
  let send = null; // (action, body) => Promise<error text or "">
  let current = null; // the action of the open dialog

  function el(tag, props = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (key === "testid") node.dataset.testid = value;
      else if (key === "text") node.textContent = value;
      else node[key] = value;
    }
    for (const child of children) node.append(child);
    return node;
  }

  function show(testid, visible) {
    document.querySelector(`[data-testid="${testid}"]`).hidden = !visible;
  }

  function fill(list, items) {
    list.replaceChildren(...items);
  }

  function ordinal(n) {
    const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th";
    return `${n}${tail}`;
  }

  function rulesText(t) {
    const parts = [];
    const r = t.rules;
    if (r.rebuys) parts.push(t.rebuys_open ? `Rebuys open until level ${r.rebuys.until_level}` : "Rebuys closed");
    if (r.addon) parts.push(t.addon_now ? "Add-on at this break" : `Add-on at the break after level ${r.addon.at_break}`);
    if (r.late_registration && t.late_open) parts.push(`Late registration until level ${r.late_registration.until_level}`);
    if (r.reentry && t.reentry_open) parts.push(`Re-entry until level ${r.reentry.until_level}`);
    const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
    if (t.rebuys) parts.push(count(t.rebuys, "rebuy", "rebuys"));
    if (t.addons) parts.push(count(t.addons, "add-on", "add-ons"));
    if (r.guarantee) parts.push(`${number.format(r.guarantee)} guaranteed`);
    return parts.join(" · ");
  }

  function render(v) {
    view = v;
    const t = v.tournament;
    if (!t) return;
    const rules = rulesText(t);
    byId("rules").textContent = rules;
    byId("rules").hidden = !rules;
    show("clock-payouts", t.pool > 0); // a clock without a buy-in has no prizes to show
    const results = new Map(t.results.map((r) => [r.place, r]));
    fill(byId("payouts"), t.payouts.map((amount, i) => {
      const who = results.get(i + 1);
      const text = `${ordinal(i + 1)} ${number.format(amount)}${who ? ` · ${who.name}` : ""}`;
      return el("li", { text });
    }));
    const dealNote = t.deal
      ? `${t.deal.kind === "icm" ? "ICM" : "Chip"} deal made` +
        (t.deal.left_to_play ? `; ${number.format(t.deal.left_to_play)} left to play for` : "")
      : "";
    byId("deal-note").textContent = dealNote;
    byId("deal-note").hidden = !dealNote;
    show("clock-bounties", Boolean(t.bounty));
    if (t.bounty) {
      byId("bounty-title").textContent = t.bounty === "mystery"
        ? `Mystery bounties · ${t.envelopes_left} envelopes`
        : `Bounties · ${t.bounty === "pko" ? "progressive" : "fixed"}`;
      const rows = t.players
        .filter((p) => !p.out || p.pocket)
        .sort((a, b) => b.head - a.head || b.pocket - a.pocket);
      fill(byId("bounties"), rows.map((p) => el("li", {
        className: p.out ? "out" : "",
        text: `${p.name}: ${number.format(p.head)} on the head` +
          (p.pocket ? ` · won ${number.format(p.pocket)}` : ""),
      })));
    }
    show("clock-standings", Boolean(t.league));
    if (t.league) {
      byId("league-name").textContent = `${t.league.name} · ${t.league.events} played`;
      fill(byId("standings"), t.league.standings.slice(0, 10).map((row) => el("tr", {},
        el("td", { text: String(row.rank) }), el("td", { text: row.name }),
        el("td", { text: row.points }), el("td", { text: String(row.wins) }))));
    }
    const host = v.host && !t.finished;
    const left = t.players.filter((p) => !p.out).length;
    show("clock-register", host && t.late_open && !t.deal);
    show("clock-rebuy", host && Boolean(t.rules.rebuys) && t.rebuys_open && !t.deal);
    show("clock-addon", host && t.addon_now && !t.deal);
    show("clock-reentry", host && t.reentry_open && !t.deal && left < t.players.length);
    show("clock-knockout", host && left > 1);
    show("clock-envelopes", host && t.bounty === "mystery" && !t.envelopes_filled);
    show("clock-deal", host && left > 1 && !t.deal);
  }

  // The dialogs

  function playerSelect(testid, players) {
    const select = el("select", { name: testid, id: testid, testid, required: true });
    for (const p of players) select.append(el("option", { value: p.name, text: p.name }));
    return select;
  }

  function field(labelText, control) {
    return el("label", { className: "desk-field" }, el("span", { text: labelText }), control);
  }

  function numberInput(testid, value = "") {
    return el("input", { type: "number", min: "0", step: "1", inputMode: "numeric", value, testid, name: testid });
  }

  function fields(action) {
    const t = view.tournament;
    const playing = t.players.filter((p) => !p.out);
    const out = t.players.filter((p) => p.out);
    if (action === "register") {
      return [field("Name", el("input", { type: "text", maxLength: 40, testid: "desk-name", name: "name", required: true }))];
    }
    if (action === "reentry") return [field("Player", playerSelect("desk-player", out))];
    if (action === "addon") return [field("Player", playerSelect("desk-player", playing.filter((p) => !p.addon)))];
    if (action === "rebuy") {
      const threshold = t.rules.rebuys.threshold;
      const pool = threshold > 0 ? t.players : out;
      const stack = numberInput("desk-stack");
      return [
        field("Player", playerSelect("desk-player", pool)),
        ...(threshold > 0 ? [field(`Chips counted (at most ${number.format(threshold)}; 0 if busted)`, stack)] : []),
      ];
    }
    if (action === "knockout") {
      const by = el("fieldset", { className: "desk-by" }, el("legend", { text: "Knocked out by (a share each when pots were split)" }));
      for (const p of playing) {
        by.append(el("label", { className: "desk-taker" },
          el("input", { type: "checkbox", value: p.name, testid: "desk-by" }),
          el("span", { text: p.name }),
          el("input", { type: "number", min: "1", step: "1", value: "1", testid: "desk-share", ariaLabel: `${p.name}'s share` })));
      }
      return [field("Player out", playerSelect("desk-busted", playing)), by];
    }
    if (action === "envelopes") {
      return [
        el("p", { text: `Bounty money to share out: ${number.format(t.mystery_pool)}` }),
        field("Envelopes (amounts, comma-separated)", el("input", { type: "text", testid: "desk-values", name: "values", required: true })),
      ];
    }
    const kind = el("select", { testid: "desk-kind", name: "kind" },
      el("option", { value: "icm", text: "ICM chop" }), el("option", { value: "chips", text: "Chip chop" }));
    const stacks = el("fieldset", { className: "desk-stacks" }, el("legend", { text: "Chips counted" }));
    for (const p of playing) {
      const input = numberInput("desk-stack-of");
      input.dataset.name = p.name;
      input.required = true;
      stacks.append(field(p.name, input));
    }
    return [field("Deal", kind), field("Left to play for", numberInput("desk-left", "0")), stacks];
  }

  function body(action) {
    const form = byId("desk-form");
    const value = (testid) => form.querySelector(`[data-testid="${testid}"]`)?.value ?? "";
    const whole = (text) => (text === "" ? null : Number(text));
    if (action === "register") return { name: value("desk-name") };
    if (action === "reentry" || action === "addon") return { name: value("desk-player") };
    if (action === "rebuy") return { name: value("desk-player"), stack: whole(value("desk-stack")) };
    if (action === "knockout") {
      const by = [...form.querySelectorAll(".desk-taker")]
        .filter((row) => row.querySelector('[data-testid="desk-by"]').checked)
        .map((row) => [row.querySelector('[data-testid="desk-by"]').value,
          Number(row.querySelector('[data-testid="desk-share"]').value || 1)]);
      return { busted: value("desk-busted"), by };
    }
    if (action === "envelopes") {
      return { values: value("desk-values").split(",").map((s) => s.trim()).filter(Boolean).map(Number) };
    }
    const stacks = {};
    for (const input of form.querySelectorAll('[data-testid="desk-stack-of"]')) {
      stacks[input.dataset.name] = whole(input.value);
    }
    return { kind: value("desk-kind"), left_to_play: whole(value("desk-left")) ?? 0, stacks };
  }

  function open(action) {
    if (!view || !view.tournament) return;
    current = action;
    byId("desk-title").textContent = TITLES[action];
    byId("desk-fields").replaceChildren(...fields(action));
    byId("desk-error").hidden = true;
    byId("desk").showModal();
    byId("desk-fields").querySelector("input, select")?.focus();
  }

  async function submit(event) {
    event.preventDefault();
    const problem = await send(current, body(current));
    if (problem) {
      byId("desk-error").textContent = problem;
      byId("desk-error").hidden = false;
      return;
    }
    byId("desk").close();
  }

  function init(sender) {
    send = sender;
    document.querySelectorAll("button[data-desk]").forEach((button) => {
      button.addEventListener("click", () => open(button.dataset.desk));
    });
    byId("desk-form").addEventListener("submit", submit);
    byId("desk-cancel").addEventListener("click", () => byId("desk").close());
  }

  return { init, render };
})();
