// The preview page: draws the state the server builds, and draws it again when the server
// says a new build is in (server-sent events). Pictures are addressed by the key of their
// art, so a face that did not change is not fetched again.
// It is an ES module (strict by itself); each part of the page is a module of its own,
// imported here: grid.js (the faces and sheets, virtual when large), search.js (the search
// box), large.js (the large view), found.js (problems and warnings), options.js (the build
// options bar), events.js (one event stream for every tab).
import {el} from "./dom.js";
import {listen} from "./events.js";
import {drawFound} from "./found.js";
import {drawFaces, drawSheets} from "./grid.js";
import {drawOptions} from "./options.js";
import {follow, isOpen, openPiece, openSheet, reorder, setupLarge} from "./large.js";
import {counted, matcher, searchBox} from "./search.js";

let state = null;
let query = "";
let order = []; // the pieces shown, in the grid's order: what the large view walks

// The pieces the search keeps, by component, each distinct look once (identical copies are
// one step of the large view's walk).
function shownPieces() {
  const test = matcher(query);
  const byComponent = new Map();
  const seen = new Set();
  order = [];
  for (const piece of state.pieces || []) {
    if (test && !test(piece)) continue;
    if (!byComponent.has(piece.component)) byComponent.set(piece.component, []);
    byComponent.get(piece.component).push(piece); // pushed: a copy a piece costs their square
    const look = `${piece.component}\n${piece.id}\n${piece.front}\n${piece.back}`;
    if (!seen.has(look)) {
      seen.add(look);
      order.push(piece);
    }
  }
  return [byComponent, test !== null];
}

function drawGrid() {
  const [byComponent, filtered] = shownPieces();
  const total = (state.pieces || []).length;
  const shown = [...byComponent.values()].reduce((n, list) => n + list.length, 0);
  document.getElementById("count").textContent = counted(shown, total, filtered);
  drawFaces(document.getElementById("faces"), state.components, byComponent, filtered,
    (piece, opener) => openPiece(piece, order, state.components, opener));
  if (isOpen()) reorder(order);
}

// The rulebook's pages, one a language its book is written in (a page of their own).
function drawRulebooks(langs) {
  const links = langs.map((lang) => el("a", {href: `/rulebook/${encodeURIComponent(lang)}`,
    className: "rulebook", textContent: langs.length > 1 ? `Rulebook ${lang}` : "Rulebook",
    title: `the rulebook in '${lang}', as a page`}));
  document.getElementById("rulebooks").replaceChildren(...links);
}

let asked = 0; // states asked for: one answered after a later one is not drawn over it

async function refresh() {
  const mine = ++asked;
  const response = await fetch("/state.json", {cache: "no-store"});
  const answer = await response.json();
  if (mine !== asked) return;
  state = answer;
  document.getElementById("game").textContent = state.game;
  document.title = `${state.game} – Bastelbogen preview`;
  drawOptions(state);
  drawRulebooks(state.rulebooks || []);
  drawFound(state.problems, state.warnings || []);
  drawGrid();
  drawSheets(document.getElementById("sheets"), state.sheets,
    (sheet, opener) => openSheet(sheet, state.sheets, opener));
  follow(state, order);
  document.getElementById("status").textContent = !state.version ? "no build yet" :
    `build ${state.version} · ${state.seconds.toFixed(2)} s` + (state.problems.length ? " · problems" : "");
  // The build the page shows, once one is in: a listing's pictures are still coming
  if (state.version && !state.listing) document.body.dataset.version = state.version;
}

function show(which) {
  for (const name of ["faces", "sheets"]) {
    document.getElementById(name).hidden = name !== which;
    document.getElementById(`show-${name}`).classList.toggle("on", name === which);
  }
  document.getElementById("search-box").hidden = which !== "faces";
  dispatchEvent(new Event("scroll")); // a virtual grid shown again draws what is in view
}

document.getElementById("show-faces").addEventListener("click", () => show("faces"));
document.getElementById("show-sheets").addEventListener("click", () => show("sheets"));
searchBox((text) => {
  query = text;
  if (state) drawGrid();
});
setupLarge();
// A problem's piece (found.js) whose face is not in the page (a virtual grid holds only
// the faces in view) opens large.
document.addEventListener("show-piece", (event) => {
  const {component, item, inPage} = event.detail;
  if (inPage) return;
  const piece = (state?.pieces || []).find((p) => p.component === component && p.id === item);
  if (piece) openPiece(piece, order.includes(piece) ? order : [piece], state.components, null);
});
// One event stream for every tab (events.js). The build the page shows, in and none on its
// way, is not drawn again (a stream that connects tells it, maybe after the page drew it
// from its first state): a large view open keeps the face it returns to.
listen((version) => {
  if (!(state && !state.listing && !state.building && state.version === version)) refresh();
});
refresh(); // at once: the page is served before the first build is in
