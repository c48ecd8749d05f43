// The page's one helper for making elements: el("div", {className: "x"}, child, "text").
export function el(tag, props, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

export const PX_PER_MM = 96 / 25.4; // CSS pixels of a millimetre at 100 % (real size)
