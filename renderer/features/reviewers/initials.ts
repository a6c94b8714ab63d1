/** One or two letters for the avatar: the first character of a Chinese name, initials of a Latin one. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]][0] ?? '?';
  if (/[\u3400-\u9fff]/.test(first)) return first;
  const second = words.length > 1 ? [...words[words.length - 1]][0] ?? '' : '';
  return (first + second).toUpperCase();
}
