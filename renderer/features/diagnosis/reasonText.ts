import type { MessageKey, MessageParams } from '../../i18n';
import type { LayerReason } from '../../../shared/diagnosis/layers';
import { layerReasonText } from '../../../shared/diagnosis/layer-text';

/** A layer reason in the reader's words (the same catalogue text `touchstone diagnose` words in English). */
export function reasonText(t: (key: MessageKey, params?: MessageParams) => string, reason: LayerReason): string {
  const { key, values } = layerReasonText(reason);
  return t(key as MessageKey, values as MessageParams);
}
