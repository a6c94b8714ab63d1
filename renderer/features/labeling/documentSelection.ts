import { selectionToEvidence, type EvidenceSpan } from './codepoints';
import { LABEL_CONTEXT_ID } from './labelDomIds';
import { textOffsetWithin } from './selectionOffsets';
import { extendSelection, type StepDirection, type StepUnit, type TextSelection } from './selectionSteps';

/**
 * The Label screen's document text as the keyboard sees it: every revision's
 * text element (data-testid doc-text) in reading order, and the window's
 * selection inside one of them as anchor / focus indexes into its text. The
 * selection itself stays the browser's, so a mouse selection and a keyboard one
 * are the same thing to attach.
 */

export function documentTexts(): HTMLElement[] {
  const context = document.getElementById(LABEL_CONTEXT_ID);
  return context ? [...context.querySelectorAll<HTMLElement>('[data-testid="doc-text"]')] : [];
}

export interface DocumentSelection extends TextSelection {
  container: HTMLElement;
}

/** The window's selection when both its ends are in the same document text (collapsed included). */
export function currentDocumentSelection(): DocumentSelection | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || !selection.anchorNode || !selection.focusNode) return null;
  const container = documentTexts().find((element) => element.contains(selection.anchorNode) && element.contains(selection.focusNode));
  if (!container) return null;
  return {
    container,
    anchor: textOffsetWithin(container, selection.anchorNode, selection.anchorOffset),
    focus: textOffsetWithin(container, selection.focusNode, selection.focusOffset),
  };
}

/** The DOM boundary point of UTF-16 index `offset` in the container's text. */
function boundaryAt(container: HTMLElement, offset: number): { node: Node; offset: number } {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  let passed = 0;
  let last: Text | null = null;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const length = node.data.length;
    if (offset <= passed + length) return { node, offset: offset - passed };
    passed += length;
    last = node;
  }
  return last ? { node: last, offset: last.data.length } : { node: container, offset: 0 };
}

/** Selects [anchor → focus] of the container's text and brings the moving end into view. */
export function selectInDocument(container: HTMLElement, anchor: number, focus: number): void {
  const selection = window.getSelection();
  if (!selection) return;
  const from = boundaryAt(container, anchor);
  const to = boundaryAt(container, focus);
  selection.setBaseAndExtent(from.node, from.offset, to.node, to.offset);
  const element = to.node.nodeType === Node.TEXT_NODE ? to.node.parentElement : (to.node as HTMLElement);
  element?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/** Moves the selection's focus one character or word (the anchor stays); false when there is no document selection. */
export function stepDocumentSelection(unit: StepUnit, direction: StepDirection): boolean {
  const current = currentDocumentSelection();
  if (!current) return false;
  const next = extendSelection(current.container.textContent ?? '', current, unit, direction);
  selectInDocument(current.container, next.anchor, next.focus);
  return true;
}

/** The evidence the current document selection makes (whole characters, trimmed), or null. */
export function selectedEvidence(): EvidenceSpan | null {
  const current = currentDocumentSelection();
  const docId = current?.container.dataset.docId;
  if (!current || !docId || current.anchor === current.focus) return null;
  return selectionToEvidence(docId, current.container.textContent ?? '', Math.min(current.anchor, current.focus), Math.max(current.anchor, current.focus));
}

export function clearDocumentSelection(): void {
  window.getSelection()?.removeAllRanges();
}
