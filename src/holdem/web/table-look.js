// How the table looks to this browser: a light or a dark theme, and a two- or four-colour
// deck (diamonds blue and clubs green, so a flush draw is told at a glance). Both are
// remembered per browser and applied as classes on <html>, which app.css follows. Every
// page (lobby, table, live table) reads the same choice: the theme is chosen once.
import { rememberedSwitch } from "./dom.js";

export function setupLook(doc = document) {
  const root = doc.documentElement;
  const prefersLight = Boolean(window.matchMedia && window.matchMedia("(prefers-color-scheme: light)").matches);
  rememberedSwitch(doc.getElementById("theme-toggle"), "holdem.light-theme", {
    initial: prefersLight,
    label: (light) => (light ? "☀ Light" : "☾ Dark"),
    onChange: (light) => {
      root.dataset.theme = light ? "light" : "dark";
    },
  });
  const deck = doc.getElementById("deck-colors");
  if (!deck) return; // the lobby and the live table deal no cards on screen to recolour
  rememberedSwitch(deck, "holdem.four-colour-deck", {
    label: (four) => (four ? "4 colours" : "2 colours"),
    onChange: (four) => root.classList.toggle("four-colour", four),
  });
}
