// Loads a TypeScript worker entry when the app runs from sources under tsx.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
