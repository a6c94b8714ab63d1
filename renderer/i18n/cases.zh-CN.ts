import type { enCases } from './cases.en';

/** 用例视图的标注与标记筛选、导出筛选后的用例。 */
export const zhCases: Record<keyof typeof enCases, string> = {
  'cases.filter.labeled': '标注',
  'cases.filter.flag': '标记',
  'enum.labeled.by-me': '我已标注',
  'enum.labeled.not-by-me': '我未标注',
  'enum.labeled.by-others': '他人已标注',
  'enum.labeled.disagree': '标注人意见不一',
  'enum.flag.permission-leak': '权限泄漏',
  'enum.flag.edited': '专家已修改',
  'cases.flag.permission-leak.title': '某个回答的最终上下文含有此用例的用户无权查看的文档（诊断 → 权限泄漏）',
  'cases.flag.edited.title': '专家修改了要点或参考答案（导入时的版本仍保留在用例中）',
  'cases.noReviewerForMine': '先选择标注人，才能按自己的标注筛选。',
  'cases.exportFiltered.button': '导出这 {shown} 条…',
  'cases.exportFiltered.button.one': '导出这 1 条…',
  'cases.exportFiltered.title': '只导出当前筛选显示的用例（团队与备份 → 导出）',
  'data.exports.filtered': '仅导出用例视图当前显示的 {count} 条用例',
  'data.exports.filtered.one': '仅导出用例视图当前显示的 1 条用例',
  'data.exports.filteredBy': '筛选：{filters}',
  'data.exports.filterPart': '{name}：{value}',
  'data.exports.filteredSearch': '搜索“{search}”',
  'data.exports.allCases': '改为导出全部用例',
  'data.exports.filteredDone': '已将 {total} 条用例中筛选出的 {count} 条导出到 {dir}',
};
