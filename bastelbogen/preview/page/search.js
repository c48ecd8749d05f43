// The search box: filters the pieces by their id, name or any field. Words are all looked
// for (in any of them); `field:text` looks in one field only (`group:red`, `value:7`).
import {el} from "./dom.js";

export function haystack(piece) {
  if (!piece._text) {
    const own = Object.entries(piece.fields || {}).map(([k, v]) => [k.toLowerCase(), String(v).toLowerCase()]);
    piece._fields = new Map(own);
    piece._text = [piece.id, piece.name, piece.component, ...own.map(([, v]) => v)].join("\n").toLowerCase();
  }
  return piece._text;
}

// A test for a piece, or null when the query asks nothing (every piece shown).
export function matcher(query) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  return (piece) => {
    const text = haystack(piece);
    return words.every((word) => {
      const at = word.indexOf(":");
      if (at > 0 && at < word.length - 1) {
        const field = word.slice(0, at), wanted = word.slice(at + 1);
        // A field by its name, a column of a row it refers to (`name` finds `card.name`), or
        // that row (`group` finds `group.name`).
        const named = (k) => k === field || k.endsWith("." + field) || k.startsWith(field + ".");
        const values = field === "id" ? [piece.id.toLowerCase()]
          : [...piece._fields].filter(([k]) => named(k)).map(([, v]) => v);
        if (values.length) return values.some((v) => v.includes(wanted));
      }
      return text.includes(word);
    });
  };
}

// The box, telling `changed(query)` as the designer types (a little after, not each key).
export function searchBox(changed) {
  const input = document.getElementById("search");
  let timer = 0;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => changed(input.value), 120);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && input.value) {
      input.value = "";
      changed("");
      event.stopPropagation();
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "/" && !event.ctrlKey && !event.metaKey && document.activeElement?.tagName !== "INPUT"
        && document.getElementById("large").hidden) {
      event.preventDefault();
      input.focus();
      input.select();
    }
  });
  return input;
}

// "N of M pieces" when filtered, "M pieces" when not.
export function counted(shown, total, filtered) {
  const noun = total === 1 ? "piece" : "pieces";
  return filtered ? `${shown} of ${total} ${noun}` : `${total} ${noun}`;
}

export function countBox() {
  return document.getElementById("count") || el("span");
}
