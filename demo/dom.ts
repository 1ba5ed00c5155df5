/** The demo pages' one DOM builder: DOM APIs only (no innerHTML with data), so every page stays CSP-safe. */

/** `el('p', { className: 'x' }, 'text', child)`: an element with its properties set and its children appended (a null child is left out). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...kids: (Node | string | null)[]
) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids.filter((k): k is Node | string => k !== null));
  return e;
}
