import type { MessageKey, MessageParams } from '../../i18n';
import type { LayerReason } from '../../../shared/diagnosis/layers';

/** A layer reason in the reader's words (the window and the CLI both word it from the catalogue). */
export function reasonText(t: (key: MessageKey, params?: MessageParams) => string, reason: LayerReason): string {
  const { code, ...params } = reason;
  return t(`diagnosis.reason.${code}` as MessageKey, params as MessageParams);
}
