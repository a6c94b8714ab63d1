import type { SettledValue } from '../../../shared/api/conflict-ops';
import { useI18n } from '../../i18n/useI18n';
import { formatTime } from '../labeling/labelText';
import '../conflicts/conflicts.css';

/**
 * "Settled by Lead · time": a field whose value the lead chose when resolving a conflict (the note, if any, as
 * its title); "Edited by Ada · time": the edit of the reviewers who changed it, with no conflict to resolve.
 */
export function SettledNote({ settled }: { settled: SettledValue }) {
  const i18n = useI18n();
  return (
    <span className="settled-note" data-testid="settled-note" data-source={settled.source ?? 'resolution'} title={settled.note ?? undefined}>
      {i18n.t(settled.source === 'edit' ? 'caseDetail.editedBy' : 'conflicts.settledBy', { by: settled.by, at: formatTime(i18n, settled.at) })}
    </span>
  );
}
