import type { enDiagnosisText } from './diagnosis.en';

/** 分层诊断中窗口与 `touchstone diagnose` 共用的句子：层名、首要层摘要与每条失败回答的原因。 */
export const zhDiagnosisText: Record<keyof typeof enDiagnosisText, string> = {

  'diagnosis.layer.permission': '权限',
  'diagnosis.layer.data': '数据',
  'diagnosis.layer.agent': 'Agent 决策',
  'diagnosis.layer.retrieval': '检索',
  'diagnosis.layer.context-assembly': '上下文组装',
  'diagnosis.layer.generation': '生成',

  'diagnosis.summary.top': '先修{layer}层：失败最多，{total} 条失败回答中有 {count} 条。',
  'diagnosis.summary.tie': '没有单独一层失败最多（共 {total} 条失败回答），请看下表。',
  'diagnosis.summary.none': '已评估的 {assessed} 条常规回答中没有失败。',
  'diagnosis.summary.unplaced': '{count} 条失败回答未归入任何层：其用例可回答却没有证据片段，权限层和数据层之后的各层都无从判断。为这些用例的要点补上证据后即可定位。',

  'diagnosis.reason.permission-doc-in-context': '上下文含有该用例用户无权查看的“{docId}”',
  'diagnosis.reason.stale-doc-in-context': '上下文含有“{docId}”的过期版本 {revision}',
  'diagnosis.reason.never-retrieved': 'Agent 没有调用检索',
  'diagnosis.reason.evidence-not-retrieved': '“{claim}”的证据没有被检索到',
  'diagnosis.reason.evidence-ranked-out': '“{claim}”的证据排在第 {rank} 位，落在交给模型的前 {k} 条之外',
  'diagnosis.reason.evidence-dropped-by-assembly': '“{claim}”的证据在候选第 {rank} 位被检索到，却没进入最终上下文',
  'diagnosis.reason.forbidden-stated-despite-context': '上下文已有证据，答案仍陈述了禁止要点“{claim}”（模型更信自己的先验）',
  'diagnosis.reason.forbidden-stated': '答案陈述了禁止要点“{claim}”',
  'diagnosis.reason.answered-unanswerable': '该用例为 {answerability}（知识库无法按原问题作答），答案被判为错误：本应拒答、纠正前提或追问',
  'diagnosis.reason.held-not-stated': '上下文含有“{claim}”的证据，答案没有陈述',
  'diagnosis.reason.wrong-with-evidence-held': '上下文含有每个必需要点的证据，答案仍然错误',
};
