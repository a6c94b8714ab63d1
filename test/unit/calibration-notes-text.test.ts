import { describe, expect, it } from 'vitest';
import type { DriftFlag, RoundNote } from '../../shared/api/calibration-ops';
import { withText, type CodedNote } from '../../shared/calibration/round-notes';
import { driftFlagText, roundNoteText } from '../../renderer/features/calibration/calibrationNotes';

const note = (coded: CodedNote): RoundNote => withText(coded);

describe('round notes in the interface language', () => {
  it('words every code in Chinese, with no English left', () => {
    const notes: [CodedNote, string][] = [
      [{ code: 'changes-measured', values: { fromRunId: 1, toRunId: 2, dimensions: ['correctness', 'faithfulness'] } }, '已测量评审模型运行 1 → 2 之间的判定变化，维度：正确性、忠实度。'],
      [{ code: 'no-judge-run', values: {} }, '还没有评审模型运行为任何维度打分：本轮评审所有维度，其指标中没有可对比的评审模型。'],
      [{ code: 'no-comparable-runs', values: {} }, '可比较的评审模型运行不足两次（同一维度、同一评审模型和提示词版本）：“有变化”的一半改由随机抽取补足。'],
      [{ code: 'few-changed', values: { changed: 3, wanted: 15 } }, '在可比较的评审模型运行之间，只有 3 个可选条目发生了变化（需要 15 个）：其余由随机抽取补足。'],
      [{ code: 'previous-excluded', values: { excluded: 1 } }, '上一轮的 1 个条目未进入“变化最大”的一半。'],
      [{ code: 'few-eligible', values: { eligible: 1, picked: 1, size: 30 } }, '只有 1 个条目可选：本轮共 1 个条目，而非要求的 30 个。'],
    ];
    for (const [coded, zh] of notes) expect(roundNoteText('zh-CN', note(coded)), coded.code).toBe(zh);
  });

  it('words the counted notes in English as the API does, singular and plural', () => {
    const counted: CodedNote[] = [
      { code: 'few-changed', values: { changed: 1, wanted: 15 } },
      { code: 'few-changed', values: { changed: 4, wanted: 15 } },
      { code: 'previous-excluded', values: { excluded: 1 } },
      { code: 'previous-excluded', values: { excluded: 20 } },
      { code: 'few-eligible', values: { eligible: 1, picked: 1, size: 30 } },
      { code: 'few-eligible', values: { eligible: 12, picked: 0, size: 30 } },
      { code: 'no-comparable-runs', values: {} },
      { code: 'no-judge-run', values: {} },
    ];
    for (const coded of counted) expect(roundNoteText('en', note(coded))).toBe(note(coded).text);
  });

  it('shows a sentence stored before notes had codes as it was, in either language', () => {
    const old: RoundNote = { code: 'text', values: {}, text: '2 items of the previous round were excluded.' };
    expect(roundNoteText('zh-CN', old)).toBe(old.text);
    expect(roundNoteText('en', old)).toBe(old.text);
  });
});

describe('drift flag tooltips', () => {
  const drop: DriftFlag = {
    code: 'agreement-drop',
    values: { coefficient: 'cohenKappa', atFreeze: 0.8, now: 0.55, drop: 0.25, threshold: 0.1 },
    message: 'cohenKappa fell from 0.800 at freeze to 0.550 (−0.250; threshold 0.1).',
  };
  const move = (fromFreeze: boolean): DriftFlag => ({
    code: 'bias-move',
    values: { from: fromFreeze ? 0.05 : 0, fromFreeze, now: -0.3, share: 0.35, threshold: 0.15 },
    message: '',
  });

  it('words the measured figures and the threshold in Chinese', () => {
    expect(driftFlagText('zh-CN', drop)).toBe('Cohen κ 从冻结时的 0.800 降至 0.550（下降 0.250；阈值 0.1）。');
    expect(driftFlagText('zh-CN', move(true))).toBe('偏差（模型 − 人工）从冻结时的 0.050 移至 -0.300，占量程的 35.0%（阈值 15.0%）。');
    expect(driftFlagText('zh-CN', move(false))).toBe('偏差（模型 − 人工）从 0.000（冻结时没有评审模型：从 0 起算）移至 -0.300，占量程的 35.0%（阈值 15.0%）。');
  });

  it('words them in English with the coefficient’s name', () => {
    expect(driftFlagText('en', drop)).toBe('Cohen’s κ fell from 0.800 at freeze to 0.550 (−0.250; threshold 0.1).');
    expect(driftFlagText('en', move(false))).toBe('The bias (judge − human) moved from 0.000 (no judge at freeze: measured from 0) to -0.300, 35.0% of the scale (threshold 15.0%).');
  });
});
