import { describe, expect, it } from 'vitest';
import type { Claim } from '../../shared/domain/schemas';
import { claimsFromLines, claimsOnlyHere, detectConflict, textDiff, sameUids, type FieldCurrent, type FieldResolution } from '../../shared/labeling/conflicts';

const claim = (text: string, ...quotes: string[]): Claim => ({ text, evidence: quotes.map((quote) => ({ docId: 'policy', quote })) });
const imported = [claim('30 天内可退款', '30 天内可申请退款')];
let n = 0;
const current = (reviewer: string, value: FieldCurrent['value']): FieldCurrent => ({ uid: `u${++n}`, reviewer, at: `2026-03-01T10:00:0${n % 10}Z`, value });
const resolution = (value: FieldResolution['value'], ...considered: FieldResolution['value'][]): FieldResolution => ({ value, considered, at: '2026-03-02T00:00:00Z' });

describe('conflict detection on a case field', () => {
  it('two reviewers editing the claims differently, both away from the imported claims, is a conflict', () => {
    const ada = current('Ada', [claim('30 天内可退款', '30 天内可申请退款'), claim('按剩余天数折算')]);
    const bo = current('Bo', [claim('一个月内可退款', '30 天内可申请退款')]);
    const conflict = detectConflict('claims', imported, [ada, bo], []);
    expect(conflict?.versions.map((v) => v.holders.map((h) => h.reviewer))).toEqual([['Ada'], ['Bo']]);
    expect(conflict?.uids).toEqual([ada.uid, bo.uid].sort());
  });

  it('one reviewer editing alone, or every other reviewer keeping the imported value, is no conflict', () => {
    const edited = [claim('一个月内可退款')];
    expect(detectConflict('claims', imported, [current('Ada', edited)], [])).toBeNull();
    expect(detectConflict('claims', imported, [current('Ada', edited), current('Bo', imported), current('Cy', null)], [])).toBeNull();
  });

  it('identical edits are one version: no conflict, also after normalising whitespace and ignoring evidence offsets', () => {
    const a = [{ text: ' 一个月内可退款 ', evidence: [{ docId: 'policy', quote: '30 天内可申请退款', start: 3, end: 12 }] }];
    const b = [{ text: '一个月内可退款', evidence: [{ docId: 'policy', quote: '30 天内可申请退款' }] }];
    expect(detectConflict('claims', imported, [current('Ada', a), current('Bo', b)], [])).toBeNull();
    expect(detectConflict('referenceAnswer', '可以退款。', [current('Ada', '30 天内可以退款。\n'), current('Bo', '  30 天内可以退款。')], [])).toBeNull();
  });

  it('claims differing only in their evidence are different versions', () => {
    const a = [claim('30 天内可退款', '30 天内可申请退款'), claim('折算')];
    const b = [claim('30 天内可退款', '年度会员购买后 30 天内'), claim('折算')];
    expect(detectConflict('claims', imported, [current('Ada', a), current('Bo', b)], [])?.versions).toHaveLength(2);
  });

  it('a resolution covering the versions closes it; a reviewer adopting the settled value or agreeing with a considered version keeps it closed', () => {
    const x = '30 天内可以退款。';
    const y = '一个月内可以退款。';
    const settled = '30 天（一个月）内可以退款。';
    const ada = current('Ada', x);
    const bo = current('Bo', y);
    const done = [resolution(settled, x, y)];
    expect(detectConflict('referenceAnswer', '可以。', [ada, bo], done)).toBeNull();
    expect(detectConflict('referenceAnswer', '可以。', [current('Ada', settled), bo], done)).toBeNull();
    expect(detectConflict('referenceAnswer', '可以。', [ada, bo, current('Cy', y)], done)).toBeNull();
  });

  it('a later differing edit after the resolution reopens it', () => {
    const done = [resolution('甲', '甲', '乙')];
    const reopened = detectConflict('referenceAnswer', '原文', [current('Ada', '甲'), current('Bo', '丙')], done);
    expect(reopened?.versions.map((v) => v.value)).toEqual(['甲', '丙']);
    const third = detectConflict('referenceAnswer', '原文', [current('Ada', '甲'), current('Bo', '乙'), current('Cy', '丁')], done);
    expect(third?.versions).toHaveLength(3);
  });

  it('only the latest resolution settles: an edit back to a value an older resolution chose reopens the conflict', () => {
    // Ada 甲, Bo 乙 → settled 甲; Ada edits to 丙 → settled 丙; Ada edits back to 甲: {甲, 乙} is not what the lead settled last
    const history = [resolution('甲', '甲', '乙'), resolution('丙', '丙', '乙')];
    const conflict = detectConflict('referenceAnswer', '原文', [current('Ada', '甲'), current('Bo', '乙')], history);
    expect(conflict?.versions.map((v) => v.value).sort()).toEqual(['乙', '甲'].sort());
  });

  it('the uids a lead saw must be exactly the conflict of now', () => {
    const ada = current('Ada', 'x');
    const bo = current('Bo', 'y');
    const conflict = detectConflict('referenceAnswer', 'z', [ada, bo], [])!;
    expect(sameUids([bo.uid, ada.uid], conflict)).toBe(true);
    expect(sameUids([ada.uid], conflict)).toBe(false);
    expect(sameUids([ada.uid, bo.uid, 'u-other'], conflict)).toBe(false);
  });
});

describe('what the lead sees of a conflict', () => {
  it('marks the claims a version holds alone, and cuts texts where they differ', () => {
    const a = [claim('30 天内可退款', 'x'), claim('按天折算')];
    const b = [claim('30 天内可退款', 'x'), claim('按月折算')];
    expect(claimsOnlyHere([a, b], 0)).toEqual([false, true]);
    expect(textDiff('购买后 30 天内可以退款。', '购买后一个月内可以退款。')).toEqual([
      { text: '购买后', changed: false }, { text: ' 30 天', changed: true }, { text: '内可以退款。', changed: false },
    ]);
    // one version adds before, the other after: each sees only its own addition
    expect(textDiff('可以退。（以公告为准）', '简言之：可以退。')).toEqual([{ text: '可以退。', changed: false }, { text: '（以公告为准）', changed: true }]);
    expect(textDiff('简言之：可以退。', '可以退。（以公告为准）')).toEqual([{ text: '简言之：', changed: true }, { text: '可以退。', changed: false }]);
    expect(textDiff('same', 'same')).toEqual([{ text: 'same', changed: false }]);
  });

  it('turns edited lines into claims, keeping the evidence of unchanged claims', () => {
    const a = [claim('30 天内可退款', '30 天内可申请退款'), claim('按天折算', '按剩余天数折算')];
    expect(claimsFromLines(' 30 天内可退款 \n\n按月折算\r\n', [a])).toEqual([claim('30 天内可退款', '30 天内可申请退款'), claim('按月折算')]);
  });
});
