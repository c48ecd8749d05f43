// The large view: a piece's front and back side by side (or a print sheet), zoomed from
// "fit" to 1600 % (100 % is the piece's real size), sharp at any device pixel ratio: each
// picture is asked at the smallest dpi of the server's ladder that gives a device pixel per
// screen pixel (`/img/<key>@<dpi>.png`; the normal `/img/<key>.png` where that is not
// served). The arrow keys walk the pieces in the grid's (filtered) order, Esc closes, and a
// new build shows the open piece's new pictures, or says that it is gone. The bleed and the
// safe zone are drawn as SVG along the piece's own outline (a hex's, a circle's).
import {el, PX_PER_MM} from "./dom.js";

const LADDER = [110, 220, 440, 880]; // the dpi the server draws pictures at on request
const STEPS = [0.1, 0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 3, 4, 6, 8, 12, 16];
const SVG = "http://www.w3.org/2000/svg";
const failed = new Set(); // sharper pictures the server did not give: not asked again
const base = new Map(); // key -> dpi of its normal picture, once seen

const view = {mode: null, list: [], index: -1, item: null, zoom: null, opener: null, components: new Map(), gone: false};
const $ = (id) => document.getElementById(id);

export function isOpen() {
  return !$("large").hidden;
}

// A piece, among `order` (the pieces the grid shows, in its order).
export function openPiece(piece, order, components, opener) {
  Object.assign(view, {mode: "piece", list: order, item: piece, opener, gone: false, zoom: null});
  view.components = new Map(components.map((c) => [c.id, c]));
  view.index = order.indexOf(piece);
  show();
}

export function openSheet(sheet, sheets, opener) {
  Object.assign(view, {mode: "sheet", list: sheets, item: sheet, opener, gone: false, zoom: null});
  view.index = sheets.indexOf(sheet);
  show();
}

// The order changed (a search): the open piece keeps its place in the new one if it is there.
export function reorder(order) {
  if (view.mode !== "piece") return;
  view.list = order;
  view.index = order.findIndex((p) => same(p, view.item));
  caption();
}

// A new build: the open piece (or sheet) as it is now, or that it is gone.
export function follow(state, order) {
  if (!isOpen()) return;
  if (view.mode === "piece") {
    view.components = new Map(state.components.map((c) => [c.id, c]));
    view.list = order;
    const now = state.pieces.find((p) => same(p, view.item));
    view.gone = !now;
    if (now) view.item = now;
    view.index = order.findIndex((p) => same(p, view.item));
  } else {
    const now = state.sheets.find((s) => s.file === view.item.file && s.page === view.item.page);
    view.list = state.sheets;
    view.gone = !now;
    if (now) view.item = now;
    view.index = state.sheets.indexOf(view.item);
  }
  show(true);
}

function same(a, b) {
  return a.component === b.component && a.id === b.id && (a.copy ?? 1) === (b.copy ?? 1);
}

function close() {
  $("large").hidden = true;
  view.mode = null;
  if (view.opener && view.opener.isConnected) view.opener.focus();
}

function walk(step) {
  if (!view.list.length) return;
  const from = view.index < 0 ? (step > 0 ? -1 : 0) : view.index;
  const next = Math.min(view.list.length - 1, Math.max(0, from + step));
  if (next === view.index) return;
  view.index = next;
  view.item = view.list[next];
  view.gone = false;
  show(true);
}

// The sides shown: [{label, key, mm: [bleed, w, h], outline: {svg, safe}}].
function sides() {
  if (view.mode === "sheet") {
    const s = view.item;
    const mm = s.size_mm || [210, 297]; // A4 until the state says
    return [{label: `${s.file} · page ${s.page}`, key: s.image, mm: [0, mm[0], mm[1]], outline: null}];
  }
  const piece = view.item;
  const component = view.components.get(piece.component);
  const out = [];
  for (const side of ["front", "back"]) {
    const key = piece[side];
    if (!key) continue;
    const face = component && component.faces[key];
    const mm = face ? face.size_mm : [0, ...(component?.outline?.size_mm || [63, 88])];
    const o = component && component.outline;
    const fits = o && Math.abs(o.size_mm[0] - mm[1]) < 0.2 && Math.abs(o.size_mm[1] - mm[2]) < 0.2;
    const rect = `M 0 0 H ${mm[1]} V ${mm[2]} H 0 Z`;
    const back = side === "back" && o && o.back_svg !== undefined;
    out.push({
      label: side, key, mm,
      outline: {
        shape: fits ? o.shape : "rect",
        svg: fits ? (back ? o.back_svg : o.svg) : rect,
        safe: fits ? (back ? o.back_safe_svg : o.safe_svg) : "",
      },
    });
  }
  return out;
}

function caption() {
  const item = view.item;
  const text = view.mode === "sheet"
    ? `${item.file} · page ${item.page}`
    : `${item.id}${item.name && item.name !== item.id ? " · " + item.name : ""} · ${item.component}`;
  $("large-caption").textContent = text;
  const where = view.index >= 0 ? `${view.index + 1} / ${view.list.length}` : `– / ${view.list.length}`;
  $("large-position").textContent = where;
  $("large-gone").hidden = !view.gone;
  $("large-gone").textContent = view.mode === "sheet"
    ? "This page is gone from the build." : "This piece is gone from the build: the last pictures it had are shown.";
  $("large-prev").disabled = view.index <= 0;
  $("large-next").disabled = view.index >= view.list.length - 1;
  for (const name of ["bleed", "safe"]) $(`toggle-${name}`).disabled = view.mode === "sheet";
}

// Draw the sides; `keep`: a rebuild or a step, so the zoom stays as it was.
function show(keep = false) {
  const large = $("large");
  const stage = $("stage");
  const all = sides();
  const panes = all.map((side) => pane(side));
  const old = new Map([...stage.querySelectorAll(".pane")].map((p) => [p.dataset.key, p]));
  stage.replaceChildren(...panes.map((p) => {
    const before = old.get(p.dataset.key);
    if (before) { // the same picture: kept, so it does not flash while the sharper loads
      const img = before.querySelector("img");
      p.querySelector("img").replaceWith(img);
    }
    return p;
  }));
  large.hidden = false;
  large.dataset.mode = view.mode;
  large.classList.toggle("gone", view.gone);
  if (!keep) {
    view.zoom = null;
    large.focus();
  }
  caption();
  layout();
}

function pane(side) {
  const [bleed, w, h] = side.mm;
  const img = el("img", {alt: `${side.label}`, draggable: false});
  img.dataset.key = side.key;
  img.dataset.dpi = "normal";
  img.src = `/img/${side.key}.png`;
  img.addEventListener("load", () => {
    if (img.dataset.dpi === "normal" && !base.has(side.key)) {
      const dpi = img.naturalWidth / ((w + 2 * bleed) / 25.4);
      base.set(side.key, {dpi});
      sharpen(img);
    }
  });
  const paper = el("div", {className: "paper"}, img);
  if (side.outline) paper.append(overlay(side));
  const figure = el("figure", {className: "pane"}, paper, el("figcaption", {textContent: side.label}));
  figure.dataset.key = side.key;
  figure.dataset.mm = JSON.stringify(side.mm);
  return figure;
}

// The bleed (outside the cut, tinted, the cut dashed) and the safe zone (the band inside
// the cut where text may not go, its inner edge dashed), along the piece's outline.
function overlay(side) {
  const [bleed, w, h] = side.mm;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `${-bleed} ${-bleed} ${w + 2 * bleed} ${h + 2 * bleed}`);
  svg.setAttribute("class", "overlay");
  svg.dataset.shape = side.outline.shape;
  const path = (d, cls) => {
    const p = document.createElementNS(SVG, "path");
    p.setAttribute("d", d);
    p.setAttribute("class", cls);
    p.setAttribute("fill-rule", "evenodd");
    svg.append(p);
    return p;
  };
  const box = `M ${-bleed} ${-bleed} H ${w + bleed} V ${h + bleed} H ${-bleed} Z`;
  path(`${box} ${side.outline.svg}`, "bleed-area");
  path(side.outline.svg, "cut-line");
  if (side.outline.safe) {
    path(`${side.outline.svg} ${side.outline.safe}`, "safe-area");
    path(side.outline.safe, "safe-line");
  }
  return svg;
}

function fitZoom() {
  const stage = $("stage");
  const panes = [...stage.querySelectorAll(".pane")];
  if (!panes.length) return 1;
  const mms = panes.map((p) => JSON.parse(p.dataset.mm)).map(([b, w, h]) => [w + 2 * b, h + 2 * b]);
  const room = [stage.clientWidth - 48 - 24 * (panes.length - 1), stage.clientHeight - 64];
  const wide = mms.reduce((n, [w]) => n + w, 0) * PX_PER_MM;
  const tall = Math.max(...mms.map(([, h]) => h)) * PX_PER_MM;
  return Math.max(0.05, Math.min(room[0] / wide, room[1] / tall, STEPS[STEPS.length - 1]));
}

function layout() {
  const zoom = view.zoom ?? fitZoom();
  for (const p of $("stage").querySelectorAll(".pane")) {
    const [b, w, h] = JSON.parse(p.dataset.mm);
    const paper = p.querySelector(".paper");
    paper.style.width = `${(w + 2 * b) * PX_PER_MM * zoom}px`;
    paper.style.height = `${(h + 2 * b) * PX_PER_MM * zoom}px`;
    sharpen(p.querySelector("img"));
  }
  $("zoom-level").textContent = `${Math.round(zoom * 100)} %`;
  $("large").dataset.zoom = zoom.toFixed(4);
  $("stage").classList.toggle("fit", view.zoom === null);
}

// Ask the picture at the dpi its shown size needs on this screen.
function sharpen(img) {
  const key = img.dataset.key;
  const known = base.get(key);
  if (!known || !img.isConnected) return;
  const [b, w] = JSON.parse(img.closest(".pane").dataset.mm);
  const shown = img.closest(".paper").getBoundingClientRect().width * devicePixelRatio;
  const need = shown / ((w + 2 * b) / 25.4);
  const wanted = need <= known.dpi * 1.01 ? null : LADDER.find((d) => d >= need) || LADDER[LADDER.length - 1];
  const have = img.dataset.dpi === "normal" ? known.dpi : Number(img.dataset.dpi);
  if (wanted === null || wanted <= have) return;
  const url = `/img/${key}@${wanted}.png`;
  if (failed.has(url) || img.dataset.asked === url) return;
  img.dataset.asked = url;
  const sharper = new Image();
  sharper.onload = () => {
    if (img.dataset.asked !== url) return;
    img.src = url;
    img.dataset.dpi = String(wanted);
  };
  sharper.onerror = () => { failed.add(url); img.dataset.asked = ""; };
  sharper.src = url;
}

function zoomTo(zoom, anchor) {
  const stage = $("stage");
  const before = view.zoom ?? fitZoom();
  const next = Math.min(STEPS[STEPS.length - 1], Math.max(STEPS[0], zoom));
  const rect = stage.getBoundingClientRect();
  const [ax, ay] = anchor ? [anchor.clientX - rect.left, anchor.clientY - rect.top] : [stage.clientWidth / 2, stage.clientHeight / 2];
  const [sx, sy] = [stage.scrollLeft + ax, stage.scrollTop + ay];
  view.zoom = next;
  layout();
  stage.scrollLeft = sx * next / before - ax; // the point under the pointer stays there
  stage.scrollTop = sy * next / before - ay;
}

function step(direction) {
  const now = view.zoom ?? fitZoom();
  const next = direction > 0 ? STEPS.find((s) => s > now * 1.01) : [...STEPS].reverse().find((s) => s < now / 1.01);
  if (next) zoomTo(next);
}

export function setupLarge() {
  const large = $("large");
  $("large-close").addEventListener("click", close);
  $("large-prev").addEventListener("click", () => walk(-1));
  $("large-next").addEventListener("click", () => walk(1));
  $("zoom-in").addEventListener("click", () => step(1));
  $("zoom-out").addEventListener("click", () => step(-1));
  $("zoom-fit").addEventListener("click", () => { view.zoom = null; layout(); });
  $("zoom-real").addEventListener("click", () => zoomTo(1));
  for (const name of ["bleed", "safe"]) {
    $(`toggle-${name}`).addEventListener("change", (event) => large.classList.toggle(name, event.target.checked));
  }
  large.addEventListener("click", (event) => { if (event.target === large || event.target.id === "stage") close(); });
  $("stage").addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    const now = view.zoom ?? fitZoom();
    zoomTo(now * Math.exp(-event.deltaY / 300), event);
  }, {passive: false});
  addEventListener("resize", () => { if (isOpen()) layout(); });
  document.addEventListener("keydown", (event) => {
    if (!isOpen() || event.target.tagName === "INPUT" && event.target.type !== "checkbox") return;
    const keys = {
      Escape: close, ArrowRight: () => walk(1), ArrowDown: () => walk(1), ArrowLeft: () => walk(-1),
      ArrowUp: () => walk(-1), PageDown: () => walk(10), PageUp: () => walk(-10), Home: () => walk(-Infinity), End: () => walk(Infinity),
      "+": () => step(1), "=": () => step(1), "-": () => step(-1), "0": () => { view.zoom = null; layout(); }, "1": () => zoomTo(1),
    };
    const act = keys[event.key];
    if (!act || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    act();
  });
}
