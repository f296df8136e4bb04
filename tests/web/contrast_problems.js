// The visible texts under `root` whose contrast with the colours behind them is below
// 4.5:1 (WCAG AA), as "text: ratio" lines; a gradient behind is judged by its worst stop.
// Evaluated in the page by tests/web/test_table_round_two_browser.py.
(root) => {
  // Each visible text's contrast against the colours behind it (a gradient's worst stop).
  const rgb = (s) => (s.match(/[\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const mix = (top, under) => { const a = top.length > 3 ? top[3] : 1; return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)); };
  const behind = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      const stops = (cs.backgroundImage.match(/rgba?\([^)]*\)/g) || []).map(rgb);
      const color = rgb(cs.backgroundColor);
      if (stops.length) { layers.push(stops); }
      if (color.length && (color.length < 4 || color[3] > 0)) { layers.push([color]); if (color.length < 4 || color[3] === 1) break; }
    }
    let under = [[255, 255, 255]];
    for (const layer of layers.reverse()) under = layer.flatMap((c) => under.map((u) => mix(c, u)));
    return under;
  };
  const worst = [];
  for (const el of root.querySelectorAll("*")) {
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join("");
    const r = el.getBoundingClientRect();
    if (!text || r.width === 0 || r.height === 0) continue;
    const fg = rgb(getComputedStyle(el).color);
    for (const bg of behind(el)) {
      const a = lum(mix(fg, bg)), b = lum(bg);
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 4.5) worst.push(`${text.slice(0, 30)}: ${ratio.toFixed(2)}`);
    }
  }
  return worst;
}
