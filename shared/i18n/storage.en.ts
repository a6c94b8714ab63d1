/** English messages about a test-set file that cannot be written (labels waiting in the window). */
export const enStorage = {
  'error.code.storage-unavailable': 'Cannot write the test set',

  'storage.title.disk-full': 'The disk is full',
  'storage.title.read-only': 'The test set is read-only',
  'storage.title.io-error': 'The disk reported an error',
  'storage.title.busy': 'The test set is locked',
  'storage.title.unreachable': 'Touchstone does not answer',
  'storage.title.pending': 'Writing labels kept in this window',

  'storage.body.disk-full': 'The disk holding {file} is full. Your {count} labels are kept in this window and will be written as soon as there is space.',
  'storage.body.disk-full.one': 'The disk holding {file} is full. Your label is kept in this window and will be written as soon as there is space.',
  'storage.body.read-only': '{file} cannot be written (the file or its folder is read-only). Your {count} labels are kept in this window and will be written as soon as it can be.',
  'storage.body.read-only.one': '{file} cannot be written (the file or its folder is read-only). Your label is kept in this window and will be written as soon as it can be.',
  'storage.body.io-error': 'The disk holding {file} reported an error while writing. Your {count} labels are kept in this window and will be written once the disk works again.',
  'storage.body.io-error.one': 'The disk holding {file} reported an error while writing. Your label is kept in this window and will be written once the disk works again.',
  'storage.body.busy': 'Another program holds {file} locked. Your {count} labels are kept in this window and will be written as soon as it lets go.',
  'storage.body.busy.one': 'Another program holds {file} locked. Your label is kept in this window and will be written as soon as it lets go.',
  'storage.body.unreachable': 'The Touchstone server cannot be reached (was it closed?). Your {count} labels are kept in this window and will be written as soon as it answers again.',
  'storage.body.unreachable.one': 'The Touchstone server cannot be reached (was it closed?). Your label is kept in this window and will be written as soon as it answers again.',
  'storage.body.pending': '{count} labels given earlier in this window were not written yet; they are being written now.',
  'storage.body.pending.one': '1 label given earlier in this window was not written yet; it is being written now.',
  'storage.fileFallback': 'the test-set file',

  'storage.waiting': '{count} waiting',
  'storage.keepLabeling': 'You can keep labeling: new answers wait behind them, in order. Do not close this window until they are written.',
  'storage.nextTry': 'Next try in {seconds} s.',
  'storage.trying': 'Trying to write…',
  'storage.retry': 'Try again',
  'storage.step.waiting': 'Not saved yet — waiting to write',
  'storage.step.waitingShort': 'Waiting',
  'storage.leave': 'Some labels are not written yet. If you leave now they stay in this browser and are written the next time you open this test set here.',
} as const;
