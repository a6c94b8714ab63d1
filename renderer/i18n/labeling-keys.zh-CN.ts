import type { enLabelingKeys } from './labeling-keys.en';

/** 用键盘标要点与证据（查找、选区、附加、缺证据确认）与单维度快标；合并进 zh-CN.ts。 */
export const zhLabelingKeys: Record<keyof typeof enLabelingKeys, string> = {
  'docFind.label': '在文档中查找',
  'docFind.placeholder': '查找文字…',
  'docFind.count': '第 {index} / {total} 处',
  'docFind.none': '没有匹配',
  'docFind.hint': 'Enter 下一处 · Shift+Enter 上一处 · Esc 完成',
  'docFind.open': '查找',
  'docFind.selected': '已选中',
  'docFind.attach': '附加到要点 {number}',
  'docFind.attachNone': '先添加一个要点才能附加',
  'docFind.adjust': 'Shift+←/→ 按字调整，Ctrl+Shift+←/→ 按词调整',
  'labeling.context.selectHintKeys': '用鼠标选中文字，或按 F 查找；Shift+方向键调整选区，按 A 附加到要点 {number}。',

  'labeling.noEvidence.title': '有 {count} 个要点没有证据，仍要确认吗？',
  'labeling.noEvidence.title.one': '有 1 个要点没有证据，仍要确认吗？',
  'labeling.noEvidence.hint': 'Enter 确认 · Esc 返回补充证据',
  'labeling.noEvidence.confirm': '仍然确认',
  'labeling.noEvidence.back': '返回',
  'labeling.summary.noEvidence': '{count} 个要点缺少证据',
  'labeling.summary.noEvidence.one': '1 个要点缺少证据',

  'labeling.help.find': '在文档中查找文字（Enter / Shift+Enter 下一处 / 上一处）',
  'labeling.help.select': '选中文字后：按字 / 按词移动选区的末端',
  'labeling.help.attach': '要点：把选中的文字附加到当前要点 · 选择当前要点',
  'labeling.help.sweep': '单维度快标：在整个队列中只标一个维度',

  'sweep.button': '单维度快标',
  'sweep.buttonTitle': '在整个队列中只标一个维度，每个用例一个键（W）',
  'sweep.chooseTitle': '快标哪个维度？',
  'sweep.chooseHint': '之后每个用例只需一个键：保存该值并打开下一个用例。J / K 移动但不保存，Esc 退出。',
  'sweep.title': '单维度快标：{dimension}',
  'sweep.position': '第 {index} / {total} 个用例',
  'sweep.labeled': '本次快标已标 {count} 个',
  'sweep.labeled.one': '本次快标已标 1 个',
  'sweep.keys': '{keys} 保存并继续 · J / K 移动但不保存 · Esc 退出快标',
  'sweep.leave': '退出快标',
  'sweep.noStep': '此用例没有“{dimension}”步骤，按 J 继续。',

  'caseDetail.editedBy': '由 {by} 修订 · {at}',
};
