import { renderText, text, type LocalText } from '../messages/text';

/**
 * Reads a list of strings written as a Python literal (`str(list)`), as Ragas
 * exports put them in CSV cells: `['a', "it's", 'line\nbreak']`. Handles both
 * quote styles, the escapes Python's repr writes (\\ \' \" \n \r \t \xhh \uXXXX
 * \UXXXXXXXX, octal) and u/r prefixes. JSON arrays of strings are read too.
 */
export class ListSyntaxError extends Error {
  constructor(readonly reason: LocalText) {
    super(renderText('en', reason));
  }
}

export function parseStringList(src: string): string[] {
  const s = src.trim();
  try {
    const v: unknown = JSON.parse(s);
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  } catch {
    // not JSON: read it as a Python literal below
  }
  return parsePythonStringList(s);
}

export function parsePythonStringList(s: string): string[] {
  let i = 0;
  const n = s.length;
  const ws = () => { while (i < n && /\s/.test(s[i])) i++; };
  const fail = (why: string, values: Record<string, string> = {}): never => {
    throw new ListSyntaxError(text('err.list-syntax.at', { why: text(`err.list-syntax.${why}`, values), at: i + 1 }));
  };
  ws();
  const open = s[i];
  if (open !== '[' && open !== '(') fail('not-a-list');
  const close = open === '[' ? ']' : ')';
  i++;
  const out: string[] = [];
  for (;;) {
    ws();
    if (s[i] === close) { i++; break; }
    if (i >= n) fail('not-closed', { close });
    // one element: possibly several adjacent string literals, concatenated as in Python
    let value: string | null = null;
    for (;;) {
      let raw = false;
      while (/[rRuUbB]/.test(s[i] ?? '') && (s[i + 1] === "'" || s[i + 1] === '"' || /[rRuUbB]/.test(s[i + 1] ?? ''))) {
        if (s[i] === 'r' || s[i] === 'R') raw = true;
        i++;
      }
      const q = s[i];
      if (q !== "'" && q !== '"') break;
      value = (value ?? '') + readPyString(raw);
      ws();
    }
    if (value === null) {
      if (s.startsWith('None', i)) fail('none');
      fail('expected-string', { found: JSON.stringify(s[i] ?? '') });
    }
    out.push(value!);
    ws();
    if (s[i] === ',') { i++; continue; }
    if (s[i] === close) { i++; break; }
    fail('expected-separator', { close, found: JSON.stringify(s[i] ?? '') });
  }
  ws();
  if (i < n) fail('after-end');
  return out;

  function readPyString(raw: boolean): string {
    const q = s[i];
    const triple = s.startsWith(q.repeat(3), i);
    const quote = triple ? q.repeat(3) : q;
    i += quote.length;
    let out = '';
    for (;;) {
      if (i >= n) fail('unclosed-string');
      if (s.startsWith(quote, i)) { i += quote.length; return out; }
      const c = s[i];
      if (!triple && (c === '\n') ) fail('raw-line-break');
      if (c !== '\\') { out += c; i++; continue; }
      const e = s[i + 1];
      if (e === undefined) fail('trailing-backslash');
      if (raw) { out += c + e; i += 2; continue; }
      i += 2;
      switch (e) {
        case '\\': out += '\\'; break;
        case "'": out += "'"; break;
        case '"': out += '"'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'a': out += '\x07'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'v': out += '\v'; break;
        case '\n': break; // line continuation
        case 'x': out += hex(2); break;
        case 'u': out += hex(4); break;
        case 'U': out += hex(8); break;
        default:
          if (e >= '0' && e <= '7') {
            let digits = e;
            while (digits.length < 3 && s[i] >= '0' && s[i] <= '7') digits += s[i++];
            out += String.fromCharCode(parseInt(digits, 8));
          } else {
            out += '\\' + e; // Python keeps unknown escapes as written
          }
      }
    }
  }

  function hex(len: number): string {
    const h = s.slice(i, i + len);
    if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(h)) fail('bad-hex-escape');
    i += len;
    return String.fromCodePoint(parseInt(h, 16));
  }
}
