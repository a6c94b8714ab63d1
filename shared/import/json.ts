import { renderText, text as say, type LocalText } from '../messages/text';

/**
 * A strict JSON parser (RFC 8259) that also remembers where each object and
 * array member starts, so records and fields read from a whole-file JSON
 * document can be reported on the right line. Messages are the same in every
 * runtime (unlike JSON.parse's).
 */

export class JsonSyntaxError extends Error {
  constructor(readonly offset: number, readonly reason: LocalText) {
    super(renderText('en', reason));
  }
}

/** Start offsets of a container and of each of its members (by key or index). */
export interface JsonPositions {
  start: number;
  members: Map<string, number>;
}

export interface ParsedJson {
  value: unknown;
  positions: WeakMap<object, JsonPositions>;
}

export function parseJsonWithPositions(text: string, from = 0, to = text.length): ParsedJson {
  const positions = new WeakMap<object, JsonPositions>();
  let i = from;

  const fail = (reason: LocalText, at = i): never => {
    throw new JsonSyntaxError(at, reason);
  };
  const describeAt = (at: number): LocalText | string =>
    at >= to ? say('err.json.end-of-text') : JSON.stringify(text[at]);

  const ws = () => {
    while (i < to) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };

  const parseString = (): string => {
    const start = i;
    i++; // opening quote
    let out = '';
    let chunk = i;
    for (;;) {
      if (i >= to) fail(say('err.json.unclosed-string'), start);
      const c = text.charCodeAt(i);
      if (c === 34) { out += text.slice(chunk, i); i++; return out; }
      if (c < 0x20) fail(say(c === 10 || c === 13 ? 'err.json.raw-line-break' : 'err.json.control-character'));
      if (c === 92) {
        out += text.slice(chunk, i);
        const e = text[i + 1];
        switch (e) {
          case '"': out += '"'; break;
          case '\\': out += '\\'; break;
          case '/': out += '/'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'n': out += '\n'; break;
          case 'r': out += '\r'; break;
          case 't': out += '\t'; break;
          case 'u': {
            const hex = text.slice(i + 2, i + 6);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail(say('err.json.bad-unicode-escape'));
            out += String.fromCharCode(parseInt(hex, 16));
            i += 4;
            break;
          }
          default: fail(say('err.json.bad-escape', { escape: `\\${e ?? ''}` }));
        }
        i += 2;
        chunk = i;
        continue;
      }
      i++;
    }
  };

  const parseNumber = (): number => {
    const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = i;
    const r = m.exec(text);
    if (!r || r[0] === '-' || r.index + r[0].length > to) fail(say('err.json.unexpected', { found: describeAt(i) }));
    i += r![0].length;
    return Number(r![0]);
  };

  const parseValue = (depth: number): unknown => {
    if (depth > 512) fail(say('err.json.too-deep'));
    ws();
    if (i >= to) fail(say('err.json.value-missing'));
    const c = text[i];
    if (c === '{') {
      const obj: Record<string, unknown> = {};
      const pos: JsonPositions = { start: i, members: new Map() };
      positions.set(obj, pos);
      i++;
      ws();
      if (text[i] === '}') { i++; return obj; }
      for (;;) {
        ws();
        if (text[i] !== '"') fail(text[i] === '}' ? say('err.json.trailing-comma', { bracket: '}' }) : say('err.json.expected-key', { found: describeAt(i) }));
        const key = parseString();
        ws();
        if (text[i] !== ':') fail(say('err.json.expected-colon', { key: JSON.stringify(key), found: describeAt(i) }));
        i++;
        ws();
        pos.members.set(key, i);
        const v = parseValue(depth + 1);
        Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return obj; }
        fail(say('err.json.expected-separator', { bracket: '}', found: describeAt(i) }));
      }
    }
    if (c === '[') {
      const arr: unknown[] = [];
      const pos: JsonPositions = { start: i, members: new Map() };
      positions.set(arr, pos);
      i++;
      ws();
      if (text[i] === ']') { i++; return arr; }
      for (;;) {
        ws();
        if (text[i] === ']') fail(say('err.json.trailing-comma', { bracket: ']' }));
        pos.members.set(String(arr.length), i);
        arr.push(parseValue(depth + 1));
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return arr; }
        fail(say('err.json.expected-separator', { bracket: ']', found: describeAt(i) }));
      }
    }
    if (c === '"') return parseString();
    if (c === '-' || (c >= '0' && c <= '9')) return parseNumber();
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, i)) { i += word.length; return v; }
    }
    if (text.startsWith('NaN', i) || text.startsWith('Infinity', i)) fail(say('err.json.not-a-number', { word: text.startsWith('NaN', i) ? 'NaN' : 'Infinity' }));
    if (c === "'") fail(say('err.json.single-quotes'));
    return fail(say('err.json.unexpected', { found: describeAt(i) }));
  };

  const value = parseValue(0);
  ws();
  if (i < to) fail(say('err.json.after-end', { found: describeAt(i) }));
  return { value, positions };
}

/** Parse one JSON text fast; on failure, re-parse to get a precise, stable reason. */
export function parseJsonFast(text: string): { ok: true; value: unknown } | { ok: false; offset: number; reason: LocalText } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    try {
      parseJsonWithPositions(text);
      return { ok: false, offset: 0, reason: say('err.json.invalid') };
    } catch (e) {
      if (e instanceof JsonSyntaxError) return { ok: false, offset: e.offset, reason: e.reason };
      throw e;
    }
  }
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
