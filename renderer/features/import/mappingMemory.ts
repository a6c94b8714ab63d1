/** Column mappings remembered per file shape, so a file with the same columns gets its mapping back. */
const MAPPING_KEY = 'touchstone.importMapping.';

/** A file's shape: its CSV header or the keys of its first JSON record, sorted; null when neither. */
export async function fileShape(file: File): Promise<string | null> {
  const head = await file.slice(0, 64 * 1024).text();
  const first = head.replace(/^\uFEFF/, '').split(/\r?\n/).find((line) => line.trim() !== '');
  if (!first) return null;
  if (first.trim().startsWith('{')) {
    try {
      return Object.keys(JSON.parse(first) as object).sort().join(',');
    } catch {
      return null;
    }
  }
  return first.split(first.includes('\t') && !first.includes(',') ? '\t' : ',').map((c) => c.trim().replace(/^"|"$/g, '')).sort().join(',');
}

export function savedMapping(shape: string): string | null {
  try {
    return localStorage.getItem(MAPPING_KEY + shape);
  } catch {
    return null;
  }
}

export function saveMapping(shape: string, mapping: string): void {
  try {
    localStorage.setItem(MAPPING_KEY + shape, mapping);
  } catch {
    /* storage full or disabled: the mapping is simply asked for again */
  }
}
