// On the table page: each bet marker that meets a board card, the pot or the house's
// line (the 7-2 game), and the Chat button where it covers a seat; [] when clear.
// Evaluated in the page by tests/web/test_table_round_two_browser.py.
() => {
  const box = (el) => el.getBoundingClientRect();
  const shown = (el) => { const r = box(el); return r.width > 0 && r.height > 0 && !el.closest("[hidden]"); };
  const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const found = [];
  const bets = [...document.querySelectorAll(".bets > .bet")].filter(shown);
  const others = [...document.querySelectorAll("#board .card, [data-testid='house-pending'] span, .pots .pot-total")].filter(shown);
  for (const bet of bets) for (const other of others) {
    if (meets(box(bet), box(other))) found.push(`${bet.dataset.testid} meets ${other.dataset.testid || other.dataset.card || other.className}`);
  }
  const chat = document.querySelector("[data-testid='chat-open']");
  if (chat && shown(chat)) {
    for (const seat of document.querySelectorAll(".seat .seat-cards .card, .seat .seat-info")) {
      if (shown(seat) && meets(box(chat), box(seat))) found.push(`Chat covers ${seat.closest(".seat").dataset.testid}`);
    }
  }
  return found;
}
