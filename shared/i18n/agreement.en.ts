/** English messages of the agreement screens. */
export const enAgreement = {
} as const satisfies Record<string, string>;
