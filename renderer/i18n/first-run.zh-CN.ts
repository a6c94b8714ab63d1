import type { enFirstRun } from './first-run.en';

/** 开始使用：按名称新建测试集、最近文件、本机记住的标注人。 */
export const zhFirstRun: Record<keyof typeof enFirstRun, string> = {
  'newFile.title': '新建测试集',
  'newFile.name': '名称',
  'newFile.namePlaceholder': '例如：差旅报销',
  'newFile.nameHint': '文件以测试集名称命名。',
  'newFile.folder': '文件夹',
  'newFile.folderHint': '新建的测试集保存在这里；如需放在别处可以更改。',
  'welcome.recent': '最近的测试集',
  'reviewer.continueAs': '以 {name} 的身份继续',
  'reviewer.continueHint': '这是本机上次使用的名称。按 Enter 即把它加入此测试集。',
};
