import type { enAgreement } from './agreement.en';

/** 简体中文：agreement 相关界面的消息。 */
export const zhAgreement: Record<keyof typeof enAgreement, string> = {
};
