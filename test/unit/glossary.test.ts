import { describe, expect, it } from 'vitest';
import { catalogues } from '../../renderer/i18n';
import { GLOSSARY_ZH } from '../../renderer/i18n/glossary';
import { zhErrors } from '../../shared/messages/errors.zh-CN';

describe('one Chinese word per term', () => {
  const strings = [...Object.entries(catalogues['zh-CN']), ...Object.entries(zhErrors)];

  it('no zh-CN string uses a rejected variant of a glossary term', () => {
    const offenders: string[] = [];
    for (const [key, value] of strings) {
      for (const { zh, rejected } of GLOSSARY_ZH) {
        for (const variant of rejected) if (value.includes(variant)) offenders.push(`${key}: "${variant}" (use "${zh}")`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('every glossary term is in use, and no preferred word is also listed as rejected', () => {
    for (const { zh, rejected } of GLOSSARY_ZH) {
      expect(strings.some(([, value]) => value.includes(zh)), zh).toBe(true);
      for (const other of GLOSSARY_ZH) expect(other.rejected).not.toContain(zh);
      expect(rejected.length).toBeGreaterThan(0);
    }
  });
});
