import type { enReports } from './reports.en';

/** 简体中文：reports 相关界面的消息。 */
export const zhReports: Record<keyof typeof enReports, string> = {
};
