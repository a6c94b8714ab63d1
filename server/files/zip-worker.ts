import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../../shared/api/contract';
import { readZip, writeZip, ZipFormatError } from '../../shared/calibration/zip';
import { readInputFile } from './read-input';
import type { ZipTask, ZipWorkerReply } from './zip-jobs';

const { data } = workerData as { data: ZipTask };
const post = (reply: ZipWorkerReply) => parentPort!.postMessage(reply);

try {
  if (data.op === 'read') {
    const entries = readZip(readInputFile(data.path, 'anchors', data.field));
    post({ ok: true, entries });
  } else {
    post({ ok: true, bytes: writeZip(data.entries, data.modifiedAt) });
  }
} catch (error) {
  if (error instanceof ApiError) post({ ok: false, api: error.toBody() });
  else if (error instanceof ZipFormatError) post({ ok: false, zip: error.message });
  else post({ ok: false, internal: (error as Error).message });
}
