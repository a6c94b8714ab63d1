const FLASH_MS = 1400;

/** Scrolls the reading pane to the first highlight of one evidence quote and flashes it. */
export function revealAnchor(anchor: string): void {
  const marks = document.querySelectorAll<HTMLElement>(`.detail-pane mark[data-anchor~="${anchor}"]`);
  const first = marks[0];
  if (!first) return;
  first.scrollIntoView({ block: 'center', behavior: 'smooth' });
  for (const mark of marks) {
    mark.classList.remove('flash');
    void mark.offsetWidth;
    mark.classList.add('flash');
    setTimeout(() => mark.classList.remove('flash'), FLASH_MS);
  }
}
