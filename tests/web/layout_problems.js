// Every overlap the table page must not have, as sentences; [] when the page is clean.
// Evaluated in the page by tests/web/test_layout_browser.py.
(() => {
  const box = (el) => el.getBoundingClientRect();
  const shown = (el) => { const r = box(el); return r.width > 0 && r.height > 0; };
  const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const label = (el) => el.dataset.testid || el.className;
  const problems = [];
  const row = document.querySelector(".action-buttons");
  const buttons = [...document.querySelectorAll("#actions button")].filter(shown);
  for (const b of buttons) {
    const r = box(b);
    if (r.left < 0 || r.right > window.innerWidth + 0.5) problems.push(`${label(b)} is off the screen`);
    if (row.contains(b) && !(r.left >= box(row).left - 0.5 && r.right <= box(row).right + 0.5 && r.top >= box(row).top - 0.5 && r.bottom <= box(row).bottom + 0.5)) {
      problems.push(`${label(b)} lies outside the action row`);
    }
  }
  buttons.forEach((a, i) => buttons.slice(i + 1).forEach((b) => {
    if (meets(box(a), box(b))) problems.push(`${label(a)} overlaps ${label(b)}`);
  }));
  for (const seat of document.querySelectorAll(".seat")) {
    const name = seat.querySelector(".seat-name");
    if (!name) continue;
    for (const badge of seat.querySelectorAll(".dealer, .blind")) {
      if (meets(box(badge), box(name))) problems.push(`${label(badge)} covers the name in ${label(seat)}`);
    }
  }
  const plates = [...document.querySelectorAll(".seat-info, .seat-cards")].filter(shown);
  for (const card of document.querySelectorAll("#board .card")) {
    if (plates.some((plate) => meets(box(card), box(plate)))) problems.push(`a board card (${card.dataset.card}) covers a seat`);
  }
  const banner = document.querySelector("#banner");
  if (banner && shown(banner)) {
    for (const info of document.querySelectorAll(".seat-info")) {
      if (shown(info) && meets(box(banner), box(info))) problems.push(`the banner covers ${label(info.parentElement)}`);
    }
  }
  return problems;
})
