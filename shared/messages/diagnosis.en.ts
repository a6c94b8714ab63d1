/**
 * English wording of the Diagnosis figures' sentences that the window and `touchstone diagnose`
 * both print: layer names, the top-layer summary and each failing response's reason.
 */
export const enDiagnosisText = {

  'diagnosis.layer.permission': 'permission',
  'diagnosis.layer.data': 'data',
  'diagnosis.layer.agent': 'agent decision',
  'diagnosis.layer.retrieval': 'retrieval',
  'diagnosis.layer.context-assembly': 'context assembly',
  'diagnosis.layer.generation': 'generation',

  'diagnosis.summary.top': 'Fix the {layer} layer first: it holds the most failures, {count} of {total} failing responses.',
  'diagnosis.summary.tie': 'No single layer holds the most failures ({total} failing responses): read the table below.',
  'diagnosis.summary.none': 'No failing normal response among the {assessed} assessed.',
  'diagnosis.summary.unplaced': '{count} failing responses are in no layer: their answerable cases have no evidence spans, so nothing past the permission and data layers can be read. Add evidence to their claims to place them.',

  'diagnosis.reason.permission-doc-in-context': 'the context held “{docId}”, which this case’s user may not see',
  'diagnosis.reason.stale-doc-in-context': 'the context held the stale revision {revision} of “{docId}”',
  'diagnosis.reason.never-retrieved': 'the agent never retrieved',
  'diagnosis.reason.evidence-not-retrieved': 'the evidence of “{claim}” was never retrieved',
  'diagnosis.reason.evidence-ranked-out': 'the evidence of “{claim}” ranked {rank}, outside the top {k} given to the model',
  'diagnosis.reason.evidence-dropped-by-assembly': 'the evidence of “{claim}” was retrieved at rank {rank} but dropped from the final context',
  'diagnosis.reason.forbidden-stated-despite-context': 'the context held the evidence, yet the answer states the forbidden claim “{claim}” (the model preferred its prior)',
  'diagnosis.reason.forbidden-stated': 'the answer states the forbidden claim “{claim}”',
  'diagnosis.reason.answered-unanswerable': 'the case is {answerability} (the knowledge base does not answer it as asked), and the answer was judged wrong: it should have refused, corrected the premise or asked',
  'diagnosis.reason.held-not-stated': 'the context held the evidence of “{claim}”, the answer does not state it',
  'diagnosis.reason.wrong-with-evidence-held': 'the context held evidence for every required claim, the answer is still wrong',
} as const satisfies Record<string, string>;
