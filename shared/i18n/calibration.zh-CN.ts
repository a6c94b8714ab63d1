import type { enCalibration } from './calibration.en';

/** 简体中文：校准评审、裁决、趋势与锚点集界面的消息。 */
export const zhCalibration: Record<keyof typeof enCalibration, string> = {
};
