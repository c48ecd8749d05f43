// What the build found: the content's problems (the build stopped: the last good one is
// shown) and the preflight's warnings (the build went on), in a panel that stays in view
// at the side of the page while the faces scroll. Each is one located line, as the command
// line tells it (`file:line:col: what is wrong`); one found on a piece shows that piece on a
// click: the page is told ("show-piece", for a large view) and the piece's face is scrolled
// to and highlighted.
import {el} from "./dom.js";

const HIGHLIGHT = "found-piece";

// The panel: made once, at the side of the page, holding the page's #problems and
// #warnings sections (made here when the page has none).
function panel() {
  let box = document.getElementById("found");
  if (box) return box;
  const head = el("button", {id: "found-head", type: "button", title: "show or hide the list"});
  head.setAttribute("aria-expanded", "true");
  const list = el("div", {id: "found-list"});
  for (const id of ["problems", "warnings"]) {
    list.append(document.getElementById(id) || el("section", {id, hidden: true}));
  }
  box = el("aside", {id: "found", hidden: true}, head, list);
  head.addEventListener("click", () => {
    box.classList.toggle("folded");
    head.setAttribute("aria-expanded", String(!box.classList.contains("folded")));
  });
  document.body.append(box);
  return box;
}

// The face that shows the piece: one that says so (data-item / data-component), else in
// the component's section the face whose title (its ids) names the item among the fewest
// others: its own front before a back every card shares.
function faceOf(piece) {
  const quote = (s) => (window.CSS && CSS.escape ? CSS.escape(s) : String(s).replace(/["\\]/g, "\\$&"));
  const said = document.querySelector(
    `figure.face[data-component="${quote(piece.component)}"][data-item="${quote(piece.item)}"]`);
  if (said) return said;
  const section = document.getElementById(`component-${piece.component}`);
  if (!section) return null;
  let best = null;
  let fewest = Infinity;
  for (const face of section.querySelectorAll("figure.face")) {
    const ids = (face.title || "").split(", ");
    if (ids.includes(piece.item) && ids.length < fewest) [best, fewest] = [face, ids.length];
  }
  return best;
}

export function showPiece(piece) {
  for (const old of document.querySelectorAll(`.${HIGHLIGHT}`)) old.classList.remove(HIGHLIGHT);
  const face = faceOf(piece);
  // Told to the page, saying whether its face is in the page (a virtual grid holds only
  // the faces in view): the page opens it large when it is not.
  document.dispatchEvent(new CustomEvent("show-piece", {detail: {...piece, inPage: Boolean(face)}}));
  if (!face) return null;
  face.classList.add(HIGHLIGHT);
  face.scrollIntoView({block: "center", behavior: "smooth"});
  return face;
}

function line(p, kind) {
  const item = el("li", {className: kind});
  item.append(el("code", {className: "where", textContent: p.where ? `${p.where}: ` : ""}),
    el("span", {className: "message", textContent: p.message}));
  item.title = p.text;
  if (p.piece) {
    item.classList.add("has-piece");
    item.dataset.component = p.piece.component;
    item.dataset.item = p.piece.item;
    item.tabIndex = 0;
    item.title = `${p.text}\n(click to show ${p.piece.item})`;
    const show = () => showPiece(p.piece);
    item.addEventListener("click", show);
    item.addEventListener("keydown", (event) => { if (event.key === "Enter") show(); });
  }
  return item;
}

function drawList(id, found, kind) {
  const section = document.getElementById(id);
  section.hidden = found.length === 0;
  const list = el("ol", {className: "found"});
  for (const p of found) list.append(line(p, kind));
  section.replaceChildren(list);
}

// The problems (then the build stopped) or else the warnings, each a located line; the
// header counts them, and a click on it folds the panel to its header.
export function drawFound(problems, warnings) {
  const box = panel();
  const shown = problems.length ? [] : warnings;
  drawList("problems", problems, "problem");
  drawList("warnings", shown, "warning");
  const n = problems.length || shown.length;
  box.hidden = n === 0;
  box.classList.toggle("warnings", !problems.length);
  const head = document.getElementById("found-head");
  head.textContent = problems.length
    ? `${n} problem${n > 1 ? "s" : ""} · showing the last good build`
    : `${n} warning${n > 1 ? "s" : ""} · pnp build --strict stops at them`;
  head.dataset.count = n;
  document.body.classList.toggle("with-found", n > 0);
}
