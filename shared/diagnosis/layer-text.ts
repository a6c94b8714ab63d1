import type { LayerReason } from './layers';
import { text, type LocalText } from '../messages/text';

/** A failing response's layer reason as a catalogue text: the window and `touchstone diagnose` word it in their language. */
export function layerReasonText(reason: LayerReason): LocalText {
  const { code, ...values } = reason;
  return text(`diagnosis.reason.${code}`, values as Record<string, string | number>);
}

/** A layer's name (permission, data, …) as a catalogue text. */
export const layerNameText = (layer: string): LocalText => text(`diagnosis.layer.${layer}`);
