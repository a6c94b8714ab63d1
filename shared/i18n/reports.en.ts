/** English messages of the reports screens. */
export const enReports = {
} as const satisfies Record<string, string>;
