// The grids of faces and sheets. A grid of a few hundred tiles is drawn whole; a larger one
// (a 2,000-card deck) is virtual: it is as tall as all its rows, and only the rows in view
// (and a screen's worth around them) are in the DOM, their pictures loading lazily, so a
// component of thousands of distinct faces costs a screenful of elements.
import {el} from "./dom.js";

export const EAGER = 240; // tiles a grid draws whole; past it, only those in view
const GAP = 14; // px between tiles
const CAPTION = 40; // px under each picture: two lines of caption
const AROUND = 1; // screens drawn above and below the one in view
const virtual = new Set(); // the virtual grids on the page now

let queued = false;
function paintAll() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    for (const grid of virtual) grid.paint();
  });
}
addEventListener("scroll", paintAll, {passive: true});
addEventListener("resize", paintAll);
const resized = new ResizeObserver(paintAll); // a scrollbar come or gone changes the columns

// tiles: [{key, width, height}] (picture px); make(tile) -> its element (a figure).
export class Grid {
  constructor(tiles, make) {
    this.tiles = tiles;
    this.make = make;
    this.shown = new Map(); // key -> element in the DOM now
    this.element = el("div", {className: "grid"});
    if (tiles.length <= EAGER) {
      this.element.append(...tiles.map((tile) => make(tile, false)));
      return;
    }
    this.element.classList.add("virtual");
    this.cell = Math.max(...tiles.map((t) => t.width));
    this.row = Math.max(...tiles.map((t) => t.height)) + CAPTION + GAP;
    virtual.add(this);
    resized.observe(this.element);
    paintAll();
  }

  // The tile's place, and that it is drawn (scrolled to, for the keyboard and tests).
  reveal(key) {
    const index = this.tiles.findIndex((t) => t.key === key);
    if (index < 0) return null;
    if (this.element.classList.contains("virtual")) {
      const top = this.element.getBoundingClientRect().top + scrollY;
      const y = top + Math.floor(index / this.columns()) * this.row;
      if (y < scrollY + 60 || y + this.row > scrollY + innerHeight) scrollTo({top: y - innerHeight / 3});
      this.paint();
    }
    return this.shown.get(key) || this.element.querySelector(`[data-key="${key}"]`);
  }

  columns() {
    return Math.max(1, Math.floor((this.element.clientWidth + GAP) / (this.cell + GAP)));
  }

  // eager: the tiles' pictures asked for at once (a first screen), not as they come in view
  paint(eager = false) {
    if (!this.element.isConnected) {
      virtual.delete(this);
      resized.unobserve(this.element);
      return;
    }
    const columns = this.columns();
    const rows = Math.ceil(this.tiles.length / columns);
    this.element.style.height = `${rows * this.row - GAP}px`;
    const top = this.element.getBoundingClientRect().top;
    const first = Math.max(0, Math.floor((-top - AROUND * innerHeight) / this.row));
    const last = Math.min(rows - 1, Math.floor((innerHeight * (1 + AROUND) - top) / this.row));
    const wanted = new Map();
    for (let r = first; r <= last; r++) {
      for (let c = 0; c < columns; c++) {
        const index = r * columns + c;
        if (index >= this.tiles.length) break;
        wanted.set(this.tiles[index].key, [index, r, c]);
      }
    }
    for (const [key, node] of this.shown) {
      if (!wanted.has(key) && !node.contains(document.activeElement)) {
        node.remove();
        this.shown.delete(key);
      }
    }
    for (const [key, [index, r, c]] of wanted) {
      let node = this.shown.get(key);
      if (!node) {
        node = this.make(this.tiles[index], !eager);
        this.shown.set(key, node);
        this.element.append(node);
      }
      node.style.transform = `translate(${c * (this.cell + GAP)}px, ${r * this.row}px)`;
    }
  }
}

const FACE_HEIGHT = 190; // px of a face in the grid

// Each component: its heading ("N of M pieces" when filtered) and a grid of its distinct
// faces that show a piece the search keeps. open(piece) opens one large.
export function drawFaces(main, components, shown, filtered, open) {
  const grids = new Map(); // component id -> its grid
  main.replaceChildren();
  for (const component of components) {
    const kept = shown.get(component.id) || [];
    // The first kept piece of each id and of each face: looked up, not searched, per tile
    const byId = new Map();
    const byFace = new Map();
    for (const p of kept) {
      if (!byId.has(p.id)) byId.set(p.id, p);
      for (const key of [p.front, p.back]) if (key && !byFace.has(key)) byFace.set(key, p);
    }
    const tiles = [];
    for (const face of Object.values(component.faces)) {
      const items = face.items.filter((id) => byId.has(id));
      if (!items.length) continue;
      const [bleed, w, h] = face.size_mm;
      const width = Math.round(FACE_HEIGHT * (w + 2 * bleed) / (h + 2 * bleed));
      tiles.push({key: face.image, width, height: FACE_HEIGHT, face, items});
    }
    const make = (tile, lazy) => faceTile(component, tile, lazy, byId, byFace, open);
    const grid = new Grid(tiles, make);
    grids.set(component.id, grid);
    const total = component.count ?? new Set(Object.values(component.faces).flatMap((f) => f.items)).size;
    const count = filtered ? `${kept.length} of ${total}` : `${total}`;
    const faces = `${tiles.length} face${tiles.length === 1 ? "" : "s"}`;
    const section = el("section", {className: "component", id: `component-${component.id}`},
      el("h2", {textContent: component.name + " "},
        el("small", {textContent: `${component.id} · ${count} pieces · ${faces}`})),
      grid.element);
    section.classList.toggle("empty", !tiles.length);
    main.append(section);
    // A long grid's first screen at once, its pictures asked for before those of the
    // components below it: a browser asks a few at a time, and the server draws a first
    // build's faces in the order they are asked for.
    if (grid.element.classList.contains("virtual")) grid.paint(true);
  }
  return grids;
}

// A click, Enter or Space on a figure opens it large.
function opens(figure, go) {
  figure.addEventListener("click", go);
  figure.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      go();
    }
  });
}

function faceTile(component, tile, lazy, byId, byFace, open) {
  const {face, items} = tile;
  const ids = [...new Set(items)];
  const first = byId.get(ids[0]);
  const name = first && first.name && first.name !== ids[0] ? first.name : "";
  const title = ids.length > 1 ? `${ids[0]} … ${ids.length} ids` : ids[0];
  const label = `${title}${name ? " · " + name : ""}`;
  // loading before src: a picture whose src comes first is fetched at once
  const img = el("img", {loading: lazy ? "lazy" : "eager", src: `/img/${face.image}.png`, alt: `${label}, ${face.side}`, width: tile.width, height: tile.height});
  const figure = el("figure", {className: "face", tabIndex: 0, title: ids.join(", ")},
    img,
    el("figcaption", {},
      el("span", {className: "id", textContent: label}),
      el("span", {className: "side", textContent: `${face.side} × ${items.length}`})));
  figure.dataset.image = face.image;
  figure.dataset.key = face.image;
  figure.dataset.items = ids.join(" ");
  figure.dataset.side = face.side;
  opens(figure, () => open(byFace.get(face.image) || first, figure));
  return figure;
}

const SHEET_HEIGHT = 300; // px of a print sheet in the grid

// The print sheets, file by file; open(sheet) opens one large.
export function drawSheets(main, sheets, open) {
  main.replaceChildren();
  const byFile = new Map();
  for (const s of sheets) {
    if (!byFile.has(s.file)) byFile.set(s.file, []);
    byFile.get(s.file).push(s); // pushed: a copy per sheet would cost the square of them
  }
  for (const [file, list] of byFile) {
    const tiles = list.map((s) => {
      const [w, h] = s.size_mm || [210, 297];
      return {key: s.image + "-" + s.page, width: Math.round(SHEET_HEIGHT * w / h), height: SHEET_HEIGHT, sheet: s};
    });
    const grid = new Grid(tiles, (tile) => {
      const s = tile.sheet;
      // Always lazy: a sheet is drawn when it is asked for, so only sheets in view are.
      // (loading before src: a picture whose src comes first is fetched at once)
      const img = el("img", {loading: "lazy", src: `/img/${s.image}.png`, alt: `${s.file} page ${s.page}`, height: tile.height});
      const figure = el("figure", {className: "sheet", tabIndex: 0}, img,
        el("figcaption", {textContent: `${s.file} · page ${s.page}`}));
      figure.dataset.key = tile.key;
      figure.dataset.image = s.image;
      opens(figure, () => open(s, figure));
      return figure;
    });
    main.append(el("section", {className: "file"},
      el("h2", {textContent: file + " "}, el("small", {textContent: `${list.length} page${list.length === 1 ? "" : "s"}`})),
      grid.element));
  }
}
