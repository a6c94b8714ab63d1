import { text, type LocalText } from '../messages/text';

/** Every test set made by name ends so: the Open dialog's filter finds it, and it says what it is. */
export const TEST_SET_SUFFIX = '.touchstone.sqlite';

// Characters no file name may hold on Windows, macOS or Linux, and names Windows reserves.
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f]/u;
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;

/**
 * The file name a test set called `name` gets (`我的测试集` → `我的测试集.touchstone.sqlite`),
 * or why the name cannot be a file name. A name typed with the extension keeps just one.
 */
export function testSetFileName(name: string): { ok: true; fileName: string } | { ok: false; problem: LocalText } {
  let base = name.trim();
  for (const ending of [TEST_SET_SUFFIX, '.sqlite']) {
    if (base.toLowerCase().endsWith(ending)) base = base.slice(0, -ending.length).trim();
  }
  if (base === '' || base === '.' || base === '..') return { ok: false, problem: text('err.new-file.empty') };
  const bad = FORBIDDEN.exec(base);
  if (bad) return { ok: false, problem: text('err.new-file.character', { character: /\p{Cc}/u.test(bad[0]) ? `U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : bad[0] }) };
  if (/[. ]$/.test(base)) return { ok: false, problem: text('err.new-file.trailing') };
  if (RESERVED.test(base)) return { ok: false, problem: text('err.new-file.reserved', { name: base }) };
  if ([...base].length > 120) return { ok: false, problem: text('err.new-file.long', { max: 120 }) };
  return { ok: true, fileName: `${base}${TEST_SET_SUFFIX}` };
}
