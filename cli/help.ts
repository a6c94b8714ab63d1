/**
 * `touchstone COMMAND --help`: the lines of the usage text about COMMAND (its
 * entries and their continuation lines); the whole text for no or an unknown command.
 */
export function commandHelp(usage: string, command: string | undefined): string {
  if (!command) return usage;
  const lines = usage.split('\n');
  const picked: string[] = [];
  let inEntry = false;
  for (const line of lines) {
    const entry = /^ {2}(\S+)/.exec(line);
    if (entry) inEntry = entry[1] === command;
    else if (!/^ {3,}/.test(line)) inEntry = false;
    if (inEntry) picked.push(line);
  }
  if (picked.length === 0) return usage;
  return [`Usage: touchstone ${command} …`, '', ...picked, '', 'Every command takes --json; touchstone --help lists all commands.'].join('\n');
}
