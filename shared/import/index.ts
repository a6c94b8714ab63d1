export { parseImportFile } from './parse-import';
export { ImportDataError } from './errors';
export { sha256Hex, shortHash } from './hash';
export { parseCsv, type CsvRecord } from './csv';
export { parseStringList } from './python-list';
export { contextDocId, titleFromText } from './foreign/build';
export type { ConcreteImportFormat, Located, ParsedImport, ParseImportOptions } from './types';
