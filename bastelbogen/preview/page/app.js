// The preview page: draws the state the server builds, and draws it again when the server
// says a new build is in (server-sent events). Pictures are addressed by the key of their
// art, so a face that did not change is not fetched again.
// It is an ES module (strict by itself); each part of the page is a module of its own,
// imported here: grid.js (the faces and sheets, virtual when large), search.js (the search
// box), large.js (the large view).
import {el} from "./dom.js";
import {drawFaces, drawSheets} from "./grid.js";
import {follow, isOpen, openPiece, openSheet, reorder, setupLarge} from "./large.js";
import {counted, matcher, searchBox} from "./search.js";

let state = null;
let query = "";
let order = []; // the pieces shown, in the grid's order: what the large view walks

// The content's problems (the build stopped: the last good one is shown) or the preflight's
// warnings (the build went on), grouped by file as the command line names them.
function drawFound(id, found, heading) {
  const box = document.getElementById(id);
  box.replaceChildren();
  box.hidden = found.length === 0;
  if (!found.length) return;
  box.append(el("h2", {textContent: heading(found.length)}));
  const byFile = new Map();
  for (const p of found) byFile.set(p.file, [...(byFile.get(p.file) || []), p]);
  for (const [file, list] of byFile) {
    box.append(el("h3", {textContent: file}));
    box.append(el("pre", {textContent: list.map((p) => p.text).join("\n")}));
  }
}

function drawProblems(problems) {
  drawFound("problems", problems, (n) => `${n} problem${n > 1 ? "s" : ""}; showing the last good build`);
}

function drawWarnings(warnings) {
  drawFound("warnings", warnings, (n) => `${n} warning${n > 1 ? "s" : ""} (pnp build --strict stops at them)`);
}

// The pieces the search keeps, by component, each distinct look once (identical copies are
// one step of the large view's walk).
function shownPieces() {
  const test = matcher(query);
  const byComponent = new Map();
  const seen = new Set();
  order = [];
  for (const piece of state.pieces || []) {
    if (test && !test(piece)) continue;
    byComponent.set(piece.component, [...(byComponent.get(piece.component) || []), piece]);
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

async function refresh() {
  const response = await fetch("/state.json", {cache: "no-store"});
  state = await response.json();
  document.getElementById("game").textContent = state.game;
  document.title = `${state.game} – Bastelbogen preview`;
  drawProblems(state.problems);
  drawWarnings(state.problems.length ? [] : state.warnings || []);
  drawGrid();
  drawSheets(document.getElementById("sheets"), state.sheets,
    (sheet, opener) => openSheet(sheet, state.sheets, opener));
  follow(state, order);
  document.getElementById("status").textContent =
    `build ${state.version} · ${state.seconds.toFixed(2)} s` + (state.problems.length ? " · problems" : "");
  document.body.dataset.version = state.version;
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
const events = new EventSource("/events");
events.onmessage = () => refresh();
events.onerror = () => { document.getElementById("status").textContent = "disconnected: is pnp serve still running?"; };
