// The options bar in the header: the build's options in effect (state.options) as selects
// and checkboxes of what the game offers (state.choices); a change is posted to the server
// (POST /options), which switches the preview of every tab and rebuilds. A switch the
// server cannot make is shown beside the bar, in its words.
import {el} from "./dom.js";

const MORE = ["margin", "registration", "registration-inset"]; // folded away: set rarely
let drawnChoices = "";

function bar() {
  let form = document.getElementById("options");
  if (!form) {
    form = el("form", {id: "options"});
    form.addEventListener("submit", (event) => event.preventDefault());
    const header = document.querySelector("header");
    header.insertBefore(form, document.getElementById("status"));
    header.insertBefore(el("span", {id: "building", textContent: "building…"}), form);
    header.insertBefore(el("span", {id: "options-error", role: "alert"}), document.getElementById("status"));
  }
  return form;
}

function label(name, value) {
  if (value === null) return name === "variant" ? "no variant" : "default";
  if (typeof value === "number") return `${value} mm`;
  return String(value);
}

async function post(name, value) {
  const error = document.getElementById("options-error");
  error.textContent = "";
  document.body.classList.add("building");
  const response = await fetch("/options", {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify({[name]: value}),
  });
  if (!response.ok) {
    document.body.classList.remove("building");
    error.textContent = (await response.text()).trim();
  }
}

function control(name, offered) {
  if (offered.length === 2 && offered[0] === false && offered[1] === true) {
    const box = el("input", {type: "checkbox", name});
    box.addEventListener("change", () => post(name, box.checked));
    return el("label", {className: "option"}, box, ` ${name}`);
  }
  const select = el("select", {name, title: `--${name}`});
  for (const value of offered) select.append(el("option", {value: JSON.stringify(value), textContent: label(name, value)}));
  select.addEventListener("change", () => post(name, JSON.parse(select.value)));
  return el("label", {className: "option"}, `${name} `, select);
}

function build(form, choices) {
  const more = el("div", {className: "more"});
  form.replaceChildren();
  for (const [name, offered] of Object.entries(choices)) {
    if (offered.length < 2) continue; // nothing to switch to
    (MORE.includes(name) ? more : form).append(control(name, offered));
  }
  if (more.children.length) form.append(el("details", {}, el("summary", {textContent: "more"}), more));
}

// Draw the bar for a state (again only when the choices changed: a select in use keeps its
// focus), its controls set to the options in effect, and "building…" while a build runs.
export function drawOptions(state) {
  const form = bar();
  document.body.classList.toggle("building", Boolean(state.building));
  if (!state.choices || !state.options) return;
  const choices = JSON.stringify(state.choices);
  if (choices !== drawnChoices) {
    build(form, state.choices);
    drawnChoices = choices;
  }
  for (const input of form.querySelectorAll("select, input")) {
    const value = state.options[input.name];
    if (input.type === "checkbox") input.checked = Boolean(value);
    else input.value = JSON.stringify(value === undefined ? null : value);
  }
}
