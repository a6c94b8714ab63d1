import type { enStorage } from './storage.en';

/** 简体中文：测试集文件无法写入时（标注暂存在窗口中）的消息。 */
export const zhStorage: Record<keyof typeof enStorage, string> = {
  'error.code.storage-unavailable': '无法写入文件',
  'error.code.backend-unavailable': 'Touchstone 没有响应',

  'storage.title.disk-full': '磁盘已满',
  'storage.title.read-only': '测试集是只读的',
  'storage.title.io-error': '磁盘报告了错误',
  'storage.title.busy': '测试集被锁定',
  'storage.title.importing': '导入即将完成',
  'storage.title.unreachable': 'Touchstone 没有响应',
  'storage.title.no-test-set': '没有打开的测试集',
  'storage.title.pending': '正在写入暂存在本窗口的标注',

  'storage.body.disk-full': '存放 {file} 的磁盘已满。你的 {count} 条标注暂存在本窗口中，一有空间就会写入。',
  'storage.body.disk-full.one': '存放 {file} 的磁盘已满。你的标注暂存在本窗口中，一有空间就会写入。',
  'storage.body.read-only': '{file} 无法写入（文件或所在文件夹是只读的）。你的 {count} 条标注暂存在本窗口中，一旦可写就会写入。',
  'storage.body.read-only.one': '{file} 无法写入（文件或所在文件夹是只读的）。你的标注暂存在本窗口中，一旦可写就会写入。',
  'storage.body.io-error': '存放 {file} 的磁盘在写入时报告了错误。你的 {count} 条标注暂存在本窗口中，磁盘恢复后就会写入。',
  'storage.body.io-error.one': '存放 {file} 的磁盘在写入时报告了错误。你的标注暂存在本窗口中，磁盘恢复后就会写入。',
  'storage.body.busy': '另一个程序锁定了 {file}。你的 {count} 条标注暂存在本窗口中，锁定解除后就会写入。',
  'storage.body.busy.one': '另一个程序锁定了 {file}。你的标注暂存在本窗口中，锁定解除后就会写入。',
  'storage.body.importing': '{file} 正在导入文件，尚未完成，这些用例属于这次导入。你的 {count} 条标注暂存在本窗口中，导入完成后就会写入。',
  'storage.body.importing.one': '{file} 正在导入文件，尚未完成，这个用例属于这次导入。你的标注暂存在本窗口中，导入完成后就会写入。',
  'storage.body.unreachable': '无法连接 Touchstone 服务（是否已关闭？）。你的 {count} 条标注暂存在本窗口中，服务恢复响应后就会写入。',
  'storage.body.unreachable.one': '无法连接 Touchstone 服务（是否已关闭？）。你的标注暂存在本窗口中，服务恢复响应后就会写入。',
  'storage.body.no-test-set': 'Touchstone 当前没有打开测试集（可能正在重启）。你的 {count} 条标注暂存在本窗口中，这个测试集再次打开后就会写入。',
  'storage.body.no-test-set.one': 'Touchstone 当前没有打开测试集（可能正在重启）。你的标注暂存在本窗口中，这个测试集再次打开后就会写入。',
  'storage.body.pending': '本窗口中之前给出的 {count} 条标注尚未写入，正在写入。',
  'storage.body.pending.one': '本窗口中之前给出的 1 条标注尚未写入，正在写入。',
  'storage.fileFallback': '测试集文件',

  'storage.waiting': '{count} 条等待中',
  'storage.keepLabeling': '你可以继续标注：新的答案会按顺序排在后面。写入完成前请不要关闭本窗口。',
  'storage.nextTry': '{seconds} 秒后重试。',
  'storage.trying': '正在尝试写入…',
  'storage.retry': '重试',
  'storage.step.waiting': '尚未保存 — 等待写入',
  'storage.step.waitingShort': '等待中',
  'storage.leave': '有标注尚未写入。如果现在离开，它们会保留在此浏览器中，下次在这里打开此测试集时写入。',
};
