import Database from 'better-sqlite3';

/** The desktop app's backend points this at better-sqlite3 built for Electron's ABI; plain Node uses node_modules' build. */
const nativeBinding = process.env.TOUCHSTONE_SQLITE_BINDING || undefined;

/** A connection to a SQLite file through the native binding this process must use. */
export function openSqlite(path: string, options: Omit<Database.Options, 'nativeBinding'> = {}): Database.Database {
  return new Database(path, { ...options, nativeBinding });
}
