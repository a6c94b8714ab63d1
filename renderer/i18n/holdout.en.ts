/** English messages of the holdout in the Cases view: the include toggle, the row mark and the opening gate. */
export const enHoldout = {
  'holdout.toggle.hidden': 'Include holdout ({count} hidden)',
  'holdout.toggle.shown': 'Include holdout ({count} shown)',
  'holdout.toggle.title': 'Holdout cases measure the system on questions nobody tuned it on, so they stay out of everyday lists unless asked for. Opening one is recorded with your name.',
  'holdout.row': 'Holdout',
  'holdout.row.title': 'A holdout case: opening it is recorded',
  'holdout.filterPart.include': 'holdout included',
  'holdout.filterPart.exclude': 'holdout left out',
  'holdout.gate.title': 'Holdout case',
  'holdout.gate.body': 'This case is in the holdout: it measures the system on questions nobody has tuned it on. Opening it is recorded with your name and listed under Diagnosis → Test-set health.',
  'holdout.gate.open': 'Open as {name}',
  'holdout.gate.needsReviewer': 'Choose who you are first: an opening of a holdout case is recorded with the name of the person who opened it. The case opens once you have chosen.',
  'holdout.gate.chooseReviewer': 'Choose who you are',
  'holdout.gate.opening': 'Recording the opening…',
} as const;
