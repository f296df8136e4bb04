// The table's sounds and its call to a player who looks away. The sounds are made with
// WebAudio (no files): a deal, chips going in, a check's knock, a chime when it is your
// turn and a warning when your time runs low. They follow the `state` messages: each new
// state is compared with the last one. The switch is remembered per browser.
//
// What played is written on the switch (data-played, the latest names; data-count), so
// a page and its tests can tell which sounds were made.
import { rememberedSwitch } from "./dom.js";

// Each sound is a few short tones: [frequency Hz, start s, length s, wave, volume].
const SOUNDS = {
  deal: [[1900, 0, 0.035, "triangle", 0.12]],
  chips: [[2600, 0, 0.03, "square", 0.05], [2200, 0.05, 0.03, "square", 0.05], [2900, 0.09, 0.03, "square", 0.04]],
  check: [[220, 0, 0.05, "sine", 0.35], [220, 0.11, 0.05, "sine", 0.35]],
  turn: [[660, 0, 0.16, "sine", 0.22], [990, 0.16, 0.28, "sine", 0.22]],
  warning: [[880, 0, 0.09, "square", 0.1], [880, 0.18, 0.09, "square", 0.1], [880, 0.36, 0.09, "square", 0.1]],
};
const WARN_MS = 5000; // the warning sounds once, this long before your time runs out
const KEPT = 30; // names kept in data-played

export class TableSound {
  constructor(button, doc = document) {
    this.button = button;
    this.doc = doc;
    this.audio = null;
    this.prev = null;
    this.warned = null; // the decision the warning sounded for
    this.played = [];
    this.alert = new TurnAlert(doc);
    this.choice = rememberedSwitch(button, "holdem.sound", {
      initial: true,
      label: (on) => (on ? "♪ Sound on" : "♪ Sound off"),
    });
    // Browsers let a page make sound only after a click or a key: the first one opens it.
    const unlock = () => this.unlock();
    doc.addEventListener("pointerdown", unlock, { capture: true });
    doc.addEventListener("keydown", unlock, { capture: true });
  }

  unlock() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!this.audio && Context) this.audio = new Context();
    if (this.audio && this.audio.state === "suspended") this.audio.resume().catch(() => {});
  }

  play(name) {
    if (!this.choice.on || !this.audio) return;
    const start = this.audio.currentTime + 0.01;
    for (const [freq, at, length, wave, volume] of SOUNDS[name]) {
      const osc = this.audio.createOscillator();
      const gain = this.audio.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      const t = start + at;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(volume, t + 0.008);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
      osc.connect(gain).connect(this.audio.destination);
      osc.start(t);
      osc.stop(t + length + 0.02);
    }
    this.played = [...this.played, name].slice(-KEPT);
    this.button.dataset.played = this.played.join(" ");
    this.button.dataset.count = String(Number(this.button.dataset.count || 0) + 1);
  }

  /** Sound what changed since the last state (the first state of a page is silent). */
  onState(state) {
    const prev = this.prev;
    this.prev = state;
    const hand = state.hand;
    const mine = Boolean(hand && hand.legal && state.you && state.you.seat && hand.to_act === state.you.seat);
    this.alert.update(mine, hand ? hand.decision : null);
    if (!prev || !hand || !prev.table || prev.table.id !== state.table.id) return;
    const before = prev.hand;
    if (!before || before.number !== hand.number || dealt(hand) > dealt(before)) this.play("deal");
    else if (anyBetRose(prev, state)) this.play("chips");
    else if (anyNewCheck(prev, state)) this.play("check");
    if (mine && !(before && before.decision === hand.decision && before.legal)) this.play("turn");
  }

  /** Called a few times a second: the warning when your own time runs low. */
  tick(state, now) {
    const hand = state && state.hand;
    if (!hand || !hand.legal || !hand.deadline || !state.you || hand.to_act !== state.you.seat) return;
    if (hand.deadline - now > WARN_MS || this.warned === hand.decision) return;
    this.warned = hand.decision;
    this.play("warning");
  }
}

function dealt(hand) {
  const boards = hand.boards && hand.boards.length ? hand.boards : [hand.board || []];
  return boards.reduce((n, board) => n + (board ? board.length : 0), 0);
}

function bets(state) {
  return new Map((state.seats || []).map((s) => [s.seat, s.bet || 0]));
}

function anyBetRose(prev, state) {
  const before = bets(prev);
  return (state.seats || []).some((s) => (s.bet || 0) > (before.get(s.seat) || 0));
}

function anyNewCheck(prev, state) {
  const before = new Map((prev.seats || []).map((s) => [s.seat, s.last_action]));
  return (state.seats || []).some((s) => s.last_action === "checks" && before.get(s.seat) !== "checks");
}

/**
 * When your turn comes while the tab is hidden: the title blinks and a phone vibrates,
 * until you look or the turn passes. Counted in <body data-turn-alerts>.
 */
class TurnAlert {
  constructor(doc) {
    this.doc = doc;
    this.blink = null;
    this.title = doc.title;
    this.decision = null;
    doc.addEventListener("visibilitychange", () => {
      if (!doc.hidden) this.stop();
    });
  }

  update(mine, decision) {
    if (!this.blink) this.title = this.doc.title; // the page's own title, just drawn
    if (!mine) {
      this.stop();
      return;
    }
    if (!this.doc.hidden || this.decision === decision) return;
    this.decision = decision;
    this.doc.body.dataset.turnAlerts = String(Number(this.doc.body.dataset.turnAlerts || 0) + 1);
    if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
    clearInterval(this.blink);
    let lit = false;
    const flip = () => {
      lit = !lit;
      this.doc.title = lit ? "▶ Your turn! · holdem" : this.title;
    };
    flip();
    this.blink = setInterval(flip, 1000);
  }

  stop() {
    if (!this.blink) return;
    clearInterval(this.blink);
    this.blink = null;
    this.doc.title = this.title;
  }
}
