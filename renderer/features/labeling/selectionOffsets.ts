/**
 * The UTF-16 index, inside `container`'s text, of a DOM boundary point (as a
 * Selection gives it). The container holds the document text split into
 * <span>s and <mark>s; pseudo-element content (claim tags) is not text, so
 * Range.toString() counts exactly the document's characters.
 */
export function textOffsetWithin(container: Node, node: Node, offset: number): number {
  const range = document.createRange();
  range.setStart(container, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/** The current selection as [start, end) UTF-16 indexes in `container`'s text, or null when it is not inside it. */
export function selectionWithin(container: HTMLElement): { start: number; end: number; rect: DOMRect } | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) return null;
  const start = textOffsetWithin(container, range.startContainer, range.startOffset);
  const end = textOffsetWithin(container, range.endContainer, range.endOffset);
  return { start: Math.min(start, end), end: Math.max(start, end), rect: range.getBoundingClientRect() };
}
