// Cards drawn with CSS and Unicode suits: "As" -> A♠ on a white card, hearts and diamonds red.
import { h } from "./dom.js";

const SUIT_SYMBOL = { s: "♠", h: "♥", d: "♦", c: "♣" };
const SUIT_NAME = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
const RANK_NAME = {
  2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
  9: "nine", T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};

/** "Td" -> {rank: "10", suit: "♦", red: true, name: "ten of diamonds"}, or null. */
export function parseCard(code) {
  if (typeof code !== "string" || code.length !== 2) return null;
  const rank = code[0].toUpperCase();
  const suit = code[1].toLowerCase();
  if (!(rank in RANK_NAME) || !(suit in SUIT_SYMBOL)) return null;
  return {
    rank: rank === "T" ? "10" : rank,
    suit: SUIT_SYMBOL[suit],
    red: suit === "h" || suit === "d",
    name: `${RANK_NAME[rank]} of ${SUIT_NAME[suit]}`,
  };
}

/** One card element; `code` null draws its back. */
export function cardEl(code, { size = "", highlight = false, dim = false } = {}) {
  const parsed = code ? parseCard(code) : null;
  const classes = ["card"];
  if (size) classes.push(size);
  if (!parsed) {
    classes.push("back");
    return h("span", { class: classes.join(" "), "aria-label": "a face-down card", role: "img" });
  }
  if (parsed.red) classes.push("red");
  classes.push(`suit-${code[1].toLowerCase()}`); // the four-colour deck colours by suit
  if (highlight) classes.push("best");
  if (dim) classes.push("dim");
  return h(
    "span",
    { class: classes.join(" "), dataset: { card: code }, role: "img", "aria-label": parsed.name, title: parsed.name },
    h("span", { class: "rank" }, parsed.rank),
    h("span", { class: "suit" }, parsed.suit),
  );
}

/** Inline text form, "A♠ K♥", for logs and sentences. */
export function cardText(code) {
  const parsed = parseCard(code);
  return parsed ? `${parsed.rank}${parsed.suit}` : String(code);
}

/**
 * Show `cards` (codes, or null for a face-down card) in `container`, reusing the cards
 * already there so only new ones play the dealing animation. `scope` (a hand number)
 * makes a new hand deal afresh even if the same codes come up.
 */
export function renderCards(container, cards, { scope = "", size = "", highlight = null, dimOthers = false } = {}) {
  const wanted = cards.map((code, i) => {
    const hl = Boolean(code && highlight && highlight.has(code));
    const dim = Boolean(code && highlight && dimOthers && !hl);
    return { code, hl, dim, key: `${scope}|${i}|${code || "back"}` };
  });
  const existing = Array.from(container.children);
  let fresh = 0;
  wanted.forEach((w, i) => {
    const current = existing[i];
    const look = `${w.hl ? "best" : ""}${w.dim ? "dim" : ""}`;
    if (current && current.dataset.key === w.key) {
      if (current.dataset.look !== look) {
        current.classList.toggle("best", w.hl);
        current.classList.toggle("dim", w.dim);
        current.dataset.look = look;
      }
      return;
    }
    const el = cardEl(w.code, { size, highlight: w.hl, dim: w.dim });
    el.dataset.key = w.key;
    el.dataset.look = look;
    // A card turned face up in place flips; a card that was not there is dealt.
    const flipped = current && current.dataset.key === `${scope}|${i}|back` && w.code;
    el.classList.add(flipped ? "flip" : "deal");
    el.style.animationDelay = flipped ? "0ms" : `${Math.min(fresh, 4) * 90}ms`;
    if (!flipped) fresh += 1;
    if (current) container.replaceChild(el, current);
    else container.appendChild(el);
  });
  for (let i = wanted.length; i < existing.length; i += 1) existing[i].remove();
}
