import { createHash } from 'node:crypto';
import type { OpOutput } from '../../shared/api/contract';
import { detectImport } from '../../shared/import/detect-kind';
import { importedBefore } from '../../db/imported-files';
import type { Db } from '../../db/open';

/** A chosen file before it is imported: its kind and format as detected, and whether these bytes were imported already. */
export function inspectImport(db: Db, file: { fileName: string; bytes: Uint8Array }): OpOutput<'imports.inspect'> {
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const detected = detectImport(file.fileName, file.bytes);
  return { fileName: file.fileName, sha256, ...detected, importedBefore: importedBefore(db, sha256) };
}
