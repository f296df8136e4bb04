// Playing by keyboard alone (docs/accessibility.md): on your turn f folds, k checks,
// c calls (or checks when there is nothing to call), r bets or raises the amount in the
// box, a goes all-in; a digit starts typing the amount in the box, where Enter bets or
// raises it. Keys typed in a text box or with a modifier are left alone.

const KEYS = {
  f: ["action-fold"],
  k: ["action-check"],
  c: ["action-call", "action-check"],
  r: ["action-bet", "action-raise"],
  a: ["action-allin", "action-call"],
};

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/** The first of `ids` that is on screen and enabled, clicked; true if one was. */
function press(doc, ids) {
  for (const id of ids) {
    const button = doc.getElementById(id);
    if (button && !button.hidden && !button.disabled && button.offsetParent !== null) {
      button.click();
      return true;
    }
  }
  return false;
}

export function setupKeys(doc = document) {
  doc.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    const actions = doc.getElementById("actions");
    if (!actions || actions.hidden) return; // not your turn
    const key = event.key.toLowerCase();
    if (KEYS[key] && press(doc, KEYS[key])) {
      event.preventDefault();
      return;
    }
    const box = doc.getElementById("bet-amount");
    if (/^[0-9]$/.test(event.key) && box && box.offsetParent !== null) {
      // The digit starts the amount: the box takes it, and Enter there bets or raises.
      event.preventDefault();
      box.focus();
      box.value = event.key;
      box.dispatchEvent(new Event("input", { bubbles: true }));
    }
  });
}
