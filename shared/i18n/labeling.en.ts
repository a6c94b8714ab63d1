/** English messages of the labeling screens. */
export const enLabeling = {
} as const satisfies Record<string, string>;
