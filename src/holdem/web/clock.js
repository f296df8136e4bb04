// The tournament clock page: polls the clock once a second and counts down in between.
//
// The server says how many seconds are left when it answered; the page anchors that to
// its own monotonic time (the middle of the request's round trip) and counts from there,
// so the display ticks smoothly whatever the network does. A new anchor is taken only
// when it disagrees with the running count by more than a quarter second.
"use strict";

(() => {
  const POLL_MS = 1000;
  const byId = (id) => document.getElementById(id);
  const root = byId("clock");
  const number = new Intl.NumberFormat("en-US");

  let view = null; // the last answer of /api/clock
  let anchor = 0; // performance.now() (ms) at which view.seconds_left held
  let lastIndex = null; // structure item shown last: a change is a level change
  let audio = null; // the AudioContext, made on the first click (browsers require one)
  let soundOn = false;
  let busy = false;

  function secondsLeft() {
    if (!view) return 0;
    if (!view.running) return view.seconds_left;
    return Math.max(0, view.seconds_left - (performance.now() - anchor) / 1000);
  }

  function clockText(seconds) {
    const whole = Math.ceil(seconds - 1e-6);
    const h = Math.floor(whole / 3600);
    const m = Math.floor((whole % 3600) / 60);
    const s = whole % 60;
    const mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? `${h}:` : "") + `${mm}:${String(s).padStart(2, "0")}`;
  }

  function setText(id, text) {
    const el = byId(id);
    if (el.textContent !== text) el.textContent = text;
  }

  function show(testid, visible) {
    document.querySelector(`[data-testid="${testid}"]`).hidden = !visible;
  }

  function message(text, note = false) {
    const el = byId("message");
    el.textContent = text || "";
    el.classList.toggle("note", note);
    el.hidden = !text;
  }

  // Everything that depends on the answer, not on the passing second.
  function render() {
    const v = view;
    setText("name", v.name);
    setText("state", !v.started ? "not started" : v.paused ? "paused" : v.over ? "last level" : "");
    setText("level", v.on_break ? `Break · after level ${v.level}` : `Level ${v.level}`);
    setText("blinds", v.on_break ? "On break" : v.blinds);
    setText("next", v.next || "last level");
    setText("players", `${v.players_left} / ${v.entrants}`);
    setText("average", number.format(v.average_stack));
    setText("pool", number.format(v.prize_pool));
    const chips = (v.color_up || []).map((c) => `${number.format(c)}s`).join(", ");
    setText("colorup", chips ? `colour up the ${chips}` : "");
    byId("colorup").hidden = !chips;
    root.classList.toggle("paused", !v.running);
    root.classList.toggle("on-break", v.on_break);
    show("clock-controls", v.host);
    show("clock-start", v.host && !v.started);
    show("clock-pause", v.host && v.started && !v.paused);
    show("clock-resume", v.host && v.started && v.paused);
    show("clock-bust", v.host && !(v.tournament && v.tournament.bounty));
    window.clockDesk.render(v);
  }

  function breakText() {
    let text = "none";
    if (view.on_break) text = "now";
    else if (view.seconds_to_break !== null) {
      text = clockText(Math.max(0, view.seconds_to_break - (view.seconds_left - secondsLeft())));
    }
    return text;
  }

  // Five times a second, and at each answer: the time, the bar, the title.
  function tick() {
    paint();
    setTimeout(tick, 200);
  }

  function paint() {
    if (view) {
      const left = secondsLeft();
      const text = clockText(left);
      setText("time", text);
      byId("bar").style.width = `${100 * (1 - left / view.item_seconds)}%`;
      root.classList.toggle("last-minute", view.running && !view.on_break && left <= 60);
      setText("break", breakText());
      document.title = `${text} · ${view.on_break ? "Break" : `Level ${view.level}`}`;
      if (view.running && left <= 0 && !view.over) poll(); // the level just ended
    }
  }

  function accept(next, sentAt, receivedAt) {
    const middle = (sentAt + receivedAt) / 2;
    const old = view;
    const changed = !old || next.index !== old.index || next.running !== old.running || !next.running;
    // What the running count says the server should have answered, at the same moment.
    const predicted = changed ? null : old.seconds_left - (middle - anchor) / 1000;
    if (predicted === null || Math.abs(predicted - next.seconds_left) > 0.25) {
      view = next;
      anchor = middle;
    } else {
      // Keep the running count (no jitter at each poll); the rest of the answer is new.
      // The time to the break moves with the time left, so it keeps the same gap.
      const shift = old.seconds_left - next.seconds_left;
      const toBreak = next.seconds_to_break === null ? null : next.seconds_to_break + shift;
      view = { ...next, seconds_left: old.seconds_left, seconds_to_break: toBreak };
    }
    if (lastIndex !== null && next.index !== lastIndex) levelChanged();
    lastIndex = next.index;
    render();
    paint();
  }

  async function poll() {
    if (busy) return;
    busy = true;
    const sentAt = performance.now();
    try {
      const response = await fetch("api/clock", { cache: "no-store", credentials: "same-origin" });
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      accept(await response.json(), sentAt, performance.now());
      if (byId("message").dataset.offline) {
        delete byId("message").dataset.offline;
        message("");
      }
    } catch (error) {
      setText("state", "offline");
      byId("message").dataset.offline = "1";
      message(`Cannot reach the clock (${error.message}); trying again…`);
    } finally {
      busy = false;
    }
  }

  // A control; the tournament's carry a JSON body. Answers the error shown, or "".
  async function control(action, details) {
    const sentAt = performance.now();
    const response = await fetch(`api/clock/${action}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: details === undefined ? undefined : JSON.stringify(details),
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) {
      const problem = body.error || `${action} failed (${response.status})`;
      if (details === undefined) message(problem); // a dialog shows its own
      return problem;
    }
    message("");
    accept(body, sentAt, performance.now());
    return "";
  }

  async function hostLink() {
    const response = await fetch("api/host-link", { method: "POST", credentials: "same-origin" });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) {
      message(body.error || `no link (${response.status})`);
      return;
    }
    const url = new URL(body.path, location.href).href;
    message(`Open on the other device (works once, for ${body.minutes} minutes): ${url}`, true);
  }

  // The cue at each level change: the screen flashes and three beeps sound.
  function levelChanged() {
    root.classList.remove("flash");
    void root.offsetWidth; // restart the animation
    root.classList.add("flash");
    setTimeout(() => root.classList.remove("flash"), 3200);
    beep();
  }

  function beep() {
    if (!soundOn || !audio) return;
    const start = audio.currentTime + 0.05;
    for (let i = 0; i < 3; i++) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = i === 2 ? 1320 : 880;
      const t = start + i * 0.35;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.5, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + 0.32);
    }
  }

  function toggleSound() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) {
      message("This browser cannot play sounds.");
      return;
    }
    if (!audio) audio = new Context();
    soundOn = !soundOn;
    if (soundOn) audio.resume().then(beep);
    setText("sound", soundOn ? "Sound on" : "Sound off");
  }

  function toggleFullscreen() {
    if (document.fullscreenElement) document.exitFullscreen();
    else if (document.documentElement.requestFullscreen) {
      document.documentElement.requestFullscreen().catch(() => {});
    }
  }

  document.querySelectorAll("button[data-action]").forEach((button) => {
    button.addEventListener("click", () => control(button.dataset.action));
  });
  window.clockDesk.init(control);
  byId("link").addEventListener("click", hostLink);
  byId("sound").addEventListener("click", toggleSound);
  byId("fullscreen").addEventListener("click", toggleFullscreen);

  // The host's keys on a laptop: space pauses or resumes, the arrows move a level.
  // Space is the clock's own key: it never presses the button clicked last (a second
  // "+ Player" or "Bust"), which a browser would do on the key's release.
  const typing = (event) => event.target.closest("input, textarea, select");
  document.addEventListener("keydown", (event) => {
    if (typing(event) || byId("desk").open) return;
    if (event.key === " ") event.preventDefault();
    if (!view || !view.host || event.repeat) return;
    if (event.key === " ") control(!view.started ? "start" : view.paused ? "resume" : "pause");
    else if (event.key === "ArrowRight") control("skip");
    else if (event.key === "ArrowLeft") control("back");
  });
  document.addEventListener("keyup", (event) => {
    if (event.key === " " && !typing(event)) event.preventDefault();
  });

  poll();
  setInterval(poll, POLL_MS);
  tick();
})();
