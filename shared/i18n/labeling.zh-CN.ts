import type { enLabeling } from './labeling.en';

/** 简体中文：labeling 相关界面的消息。 */
export const zhLabeling: Record<keyof typeof enLabeling, string> = {
};
