import type { EnumKind } from '../i18n';
import { useI18n } from '../i18n/useI18n';

/** A small label for a vocabulary value (answerability, question type, slice …). */
export function EnumChip({ kind, value, quiet = false }: { kind: EnumKind; value: string; quiet?: boolean }) {
  const { label } = useI18n();
  return (
    <span className={quiet ? 'chip chip-quiet' : 'chip'} data-kind={kind} data-value={value} title={value}>
      {kind === 'answerability' ? <span className="chip-dot" aria-hidden="true" /> : null}
      {label(kind, value)}
    </span>
  );
}
