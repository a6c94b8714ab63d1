export * from './values';
export * from './steps';
export * from './refusal';
export * from './evidence-revisions';
export * from './cross-table';
export * from './queue-key';
export * from './item';
