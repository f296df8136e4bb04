// What a screen reader says as the game goes (an ARIA live region): whose turn it is,
// each action as the hand log records it, and each result. Only what changed since the
// last state is said, once.
export class Announcer {
  constructor(doc = document) {
    this.region = doc.createElement("div");
    this.region.className = "sr-only";
    this.region.dataset.testid = "announcer";
    this.region.setAttribute("role", "log");
    this.region.setAttribute("aria-live", "polite");
    this.region.setAttribute("aria-relevant", "additions");
    doc.body.append(this.region);
    this.logged = null; // the log lines as last seen (null: none yet, the past is not said)
    this.turn = null;
  }

  say(text) {
    const line = this.region.ownerDocument.createElement("p");
    line.textContent = text;
    this.region.append(line);
    while (this.region.children.length > 12) this.region.firstChild.remove();
  }

  render(state) {
    const log = (Array.isArray(state.log) ? state.log : []).map((entry) => `${entry.hand}|${entry.text}`);
    if (this.logged !== null) for (const line of newLines(this.logged, log)) this.say(line.slice(line.indexOf("|") + 1));
    this.logged = log;
    const hand = state.hand;
    const you = state.you || {};
    const turn = hand && hand.legal && you.seat ? `${hand.number}|${hand.decision}` : null;
    if (turn && turn !== this.turn) {
      const legal = hand.legal;
      const call = legal.call ? `call ${legal.call}` : "check";
      this.say(`Your turn: fold (f), ${call} (${legal.call ? "c" : "k"})${legal.bet || legal.raise ? ", bet or raise (r)" : ""}, all-in (a).`);
    }
    this.turn = turn;
  }
}

/** The lines of `now` after those of `before`: the log keeps its last lines only, so the
 * oldest may have gone from its start as new ones came at its end. */
function newLines(before, now) {
  for (let gone = 0; gone <= before.length; gone += 1) {
    const kept = before.length - gone;
    let same = kept <= now.length;
    for (let i = 0; same && i < kept; i += 1) same = before[gone + i] === now[i];
    if (same) return now.slice(kept);
  }
  return now;
}
