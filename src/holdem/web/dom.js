// Small DOM helpers shared by the lobby and the table page.

/**
 * Build an element: h("button", {class: "btn", testid: "leave", onclick: fn}, "Leave").
 * Children may be strings, numbers, nodes, arrays or null/false (skipped).
 * Text always goes through text nodes, never through HTML parsing.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "testid") el.dataset.testid = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "value") el.value = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace an element's children only when `key` differs from the last call's. */
export function patch(el, key, build) {
  if (el._patchKey === key) return false;
  el._patchKey = key;
  const built = build();
  el.replaceChildren(...(Array.isArray(built) ? built : [built]).filter((n) => n != null && n !== false));
  return true;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

export function byTestId(id, root = document) {
  return root.querySelector(`[data-testid="${id}"]`);
}

/** 12345 -> "12,345" */
export function chips(n) {
  if (n === null || n === undefined) return "";
  return Number(n).toLocaleString("en-US");
}

export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * A button that turns a choice on and off, remembered by this browser under `key`
 * (localStorage: "on" or "off"). `label(on)` names the button, `onChange(on)` applies
 * the choice (at once, and after each click). A browser that refuses storage still
 * toggles; the choice is then forgotten on reload.
 */
export function rememberedSwitch(button, key, { initial = false, label, onChange = () => {} }) {
  let saved = null;
  try {
    saved = localStorage.getItem(key);
  } catch {
    saved = null;
  }
  const choice = { on: saved === null ? initial : saved === "on" };
  const show = () => {
    button.setAttribute("aria-pressed", String(choice.on));
    button.textContent = label(choice.on);
    onChange(choice.on);
  };
  button.addEventListener("click", () => {
    choice.on = !choice.on;
    try {
      localStorage.setItem(key, choice.on ? "on" : "off");
    } catch {
      // private windows may refuse: the choice lasts until the page is left
    }
    show();
  });
  show();
  return choice;
}
