/**
 * The Chinese words Touchstone uses for its terms: one word per term in every
 * screen and message (test/unit/glossary.test.ts rejects the variants below in
 * every zh-CN string). Add a term here before using a new word for it.
 */
export const GLOSSARY_ZH: readonly { term: string; zh: string; rejected: readonly string[] }[] = [
  { term: 'judge (the LLM that scores answers)', zh: '评审模型', rejected: ['评判模型', '裁判模型'] },
  { term: 'reviewer (the person who labels)', zh: '标注人', rejected: ['标注员', '评审员', '标注者'] },
  { term: 'case (one test question)', zh: '用例', rejected: ['案例'] },
  { term: 'claim (an atomic statement of the reference answer)', zh: '要点', rejected: ['声明', '论断'] },
  { term: 'calibration review', zh: '校准评审', rejected: ['校准复核', '校准审查'] },
  { term: 'anchor set', zh: '锚点集', rejected: ['锚定集'] },
];
