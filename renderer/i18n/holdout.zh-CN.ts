import type { enHoldout } from './holdout.en';

/** 用例视图中的保留集：包含开关、行标记与打开前的提示。 */
export const zhHoldout: Record<keyof typeof enHoldout, string> = {
  'holdout.toggle.hidden': '包含保留集（已隐藏 {count} 条）',
  'holdout.toggle.shown': '包含保留集（显示 {count} 条）',
  'holdout.toggle.title': '保留集用例用来衡量系统在无人据以调优的问题上的表现，因此除非主动要求，不出现在日常列表中。打开保留集用例会以你的名字记录下来。',
  'holdout.row': '保留集',
  'holdout.row.title': '保留集用例：打开它会被记录',
  'holdout.filterPart.include': '包含保留集',
  'holdout.filterPart.exclude': '不含保留集',
  'holdout.gate.title': '保留集用例',
  'holdout.gate.body': '这条用例属于保留集：它衡量系统在无人据以调优的问题上的表现。打开它会以你的名字记录下来，并列在“诊断 → 测试集健康”中。',
  'holdout.gate.open': '以 {name} 的身份打开',
  'holdout.gate.needsReviewer': '请先选择你是谁：保留集用例的每次打开都会记录打开者的名字。选择后用例会自动打开。',
  'holdout.gate.chooseReviewer': '选择你是谁',
  'holdout.gate.opening': '正在记录这次打开…',
};
