/** English messages for starting out: a new test set by name, recent files, the reviewer this computer remembers. */
export const enFirstRun = {
  'newFile.title': 'New test set',
  'newFile.name': 'Name',
  'newFile.namePlaceholder': 'e.g. 差旅报销 or Travel policy',
  'newFile.nameHint': 'The file is named after the test set.',
  'newFile.folder': 'Folder',
  'newFile.folderHint': 'New test sets go here; change it to keep them elsewhere.',
  'welcome.recent': 'Recent test sets',
  'reviewer.continueAs': 'Continue as {name}',
  'reviewer.continueHint': 'The name last used on this computer. Enter adds it to this test set.',
} as const;
