/** English messages of the calibration screens (weekly review, adjudication, trend, anchor sets). */
export const enCalibration = {
} as const satisfies Record<string, string>;
