// The table's social side: reactions (sent with `react`, shown for a moment at the
// sender's seat), how many are watching, and a chat button with an unread count that a
// phone can reach from anywhere on the page.
import { h } from "./dom.js";

const $ = (id) => document.getElementById(id);
export const EMOTES = { heart: "❤", laugh: "😂", wow: "😮", sad: "😢", angry: "😡", cool: "😎" };
const SHOWN_MS = 3000; // how long a reaction stays at the seat

export class SocialPanel {
  constructor(send) {
    this.send = send;
    this.seenAt = null; // the newest chat line already seen (its `at`), null before the first state
    this.chatInView = false;
    this.bar = h(
      "div",
      { class: "reactions", testid: "reactions", role: "group", "aria-label": "React" },
      Object.entries(EMOTES).map(([name, emoji]) =>
        h("button", { type: "button", class: "btn small react", testid: `react-${name}`, title: name, "aria-label": name, onclick: () => this.send("react", { emote: name }) }, emoji),
      ),
    );
    $("player-controls").append(this.bar);
    this.watching = h("span", { class: "watching-count", testid: "watching-count", hidden: true });
    $("connection").before(this.watching);
    this.unread = h("span", { class: "chat-unread", testid: "chat-unread", hidden: true });
    this.jump = h("button", { type: "button", class: "chat-jump", testid: "chat-open", "aria-label": "Chat", onclick: () => this.openChat() }, "Chat", this.unread);
    document.body.append(this.jump);
    // Lines count as read once the chat is on screen.
    new IntersectionObserver((entries) => {
      this.chatInView = entries.some((entry) => entry.isIntersecting);
      if (this.chatInView) this.markRead();
    }).observe($("chat-log"));
    this.lines = [];
  }

  render(state, myName) {
    const count = typeof state.watching === "number" ? state.watching : 0;
    this.watching.hidden = count === 0;
    this.watching.textContent = `${count} watching`;
    this.watching.title = `${count} ${count === 1 ? "person is" : "people are"} watching without a seat`;
    this.lines = (state.chat || []).filter((line) => line.name !== myName);
    if (this.seenAt === null || this.chatInView) this.markRead(); // old lines are not news
    this.drawUnread();
  }

  markRead() {
    const newest = this.lines.reduce((most, line) => Math.max(most, line.at || 0), 0);
    this.seenAt = Math.max(this.seenAt || 0, newest);
    this.drawUnread();
  }

  drawUnread() {
    const count = this.lines.filter((line) => (line.at || 0) > (this.seenAt || 0)).length;
    this.unread.hidden = count === 0;
    this.unread.textContent = count > 9 ? "9+" : String(count);
    this.jump.classList.toggle("has-unread", count > 0);
    this.jump.setAttribute("aria-label", count ? `Chat: ${count} unread` : "Chat");
  }

  openChat() {
    $("chat-log").scrollIntoView({ block: "center" });
    $("chat-input").focus({ preventScroll: true });
    this.markRead();
  }

  /** A `reaction` message: the emoji floats at the sender's seat for a moment. */
  showReaction(message) {
    const slot = document.querySelector(`[data-testid="seat-${Number(message.seat)}"]`);
    const emoji = EMOTES[message.emote];
    if (!slot || !emoji) return;
    slot.querySelector(".reaction")?.remove();
    const bubble = h("span", { class: "reaction", testid: `reaction-${Number(message.seat)}`, role: "img", "aria-label": message.emote }, emoji);
    slot.append(bubble);
    setTimeout(() => bubble.remove(), SHOWN_MS);
  }
}
