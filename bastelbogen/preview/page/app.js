// The preview page: draws the state the server builds, and draws it again when the server
// says a new build is in (server-sent events). Pictures are addressed by the key of their
// art, so a face that did not change is not fetched again.
// It is an ES module (strict by itself); each part of the page may be a module of its own,
// imported here.
import {listen} from "./events.js";
import {drawOptions} from "./options.js";

const SAFE_MM = 3;
let state = null;

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children) node.append(child);
  return node;
}

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

function drawFaces(components) {
  const main = document.getElementById("faces");
  main.replaceChildren();
  for (const component of components) {
    const faces = Object.values(component.faces);
    const count = faces.reduce((n, f) => n + (f.side === "front" ? f.items.length : 0), 0);
    const grid = el("div", {className: "grid"});
    for (const face of faces) {
      const ids = [...new Set(face.items)];
      const label = `${ids.length > 1 ? ids[0] + " … " + ids.length + " ids" : ids[0]} · ${face.side} × ${face.items.length}`;
      const figure = el("figure", {className: "face", title: ids.join(", ")},
        el("img", {src: `/img/${face.image}.png`, alt: label}),
        el("figcaption", {textContent: label}));
      figure.dataset.image = face.image;
      figure.addEventListener("click", () => openLarge(face, label));
      grid.append(figure);
    }
    main.append(el("section", {className: "component", id: `component-${component.id}`},
      el("h2", {textContent: component.name + " "}, el("small", {textContent: `${component.id} · ${count} pieces`})),
      grid));
  }
}

function drawSheets(sheets) {
  const main = document.getElementById("sheets");
  main.replaceChildren(...sheets.map((s) => el("figure", {className: "sheet"},
    el("img", {src: `/img/${s.image}.png`, alt: `${s.file} page ${s.page}`}),
    el("figcaption", {textContent: `${s.file} · page ${s.page}`}))));
}

function openLarge(face, label) {
  const [bleed, width, height] = face.size_mm;
  const large = document.getElementById("large");
  document.getElementById("large-image").src = `/img/${face.image}.png`;
  document.getElementById("large-caption").textContent = label;
  const place = (id, inset) => Object.assign(document.getElementById(id).style, {
    left: `${inset / width * 100}%`, right: `${inset / width * 100}%`,
    top: `${inset / height * 100}%`, bottom: `${inset / height * 100}%`});
  place("bleed-line", bleed);
  place("safe-line", bleed + SAFE_MM);
  large.hidden = false;
}

async function refresh() {
  const response = await fetch("/state.json", {cache: "no-store"});
  state = await response.json();
  document.getElementById("game").textContent = state.game;
  document.title = `${state.game} – Bastelbogen preview`;
  drawOptions(state);
  drawProblems(state.problems);
  drawWarnings(state.problems.length ? [] : state.warnings || []);
  drawFaces(state.components);
  drawSheets(state.sheets);
  document.getElementById("status").textContent = !state.version ? "no build yet" :
    `build ${state.version} · ${state.seconds.toFixed(2)} s` + (state.problems.length ? " · problems" : "");
  document.body.dataset.version = state.version;
}

function show(which) {
  for (const name of ["faces", "sheets"]) {
    document.getElementById(name).hidden = name !== which;
    document.getElementById(`show-${name}`).classList.toggle("on", name === which);
  }
}

document.getElementById("show-faces").addEventListener("click", () => show("faces"));
document.getElementById("show-sheets").addEventListener("click", () => show("sheets"));
document.getElementById("close").addEventListener("click", () => { document.getElementById("large").hidden = true; });
for (const name of ["bleed", "safe"]) {
  document.getElementById(`toggle-${name}`).addEventListener("change", (event) =>
    document.getElementById("large").classList.toggle(name, event.target.checked));
}
listen(() => refresh()); // one event stream for every tab (events.js)
refresh(); // at once: the page is served before the first build is in
