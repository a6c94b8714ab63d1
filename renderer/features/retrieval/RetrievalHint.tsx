import { useEffect, useState } from 'react';
import type { ResponseHint } from '../../../shared/api/retrieval-ops';
import { invoke } from '../../api/transport';
import { useI18n } from '../../i18n/useI18n';
import './retrieval.css';

/**
 * In the Label view, under the judged response: which evidence units its final
 * context holds and which are missing, with a suggested failure layer and why.
 * Only shown; nothing is saved unless the expert labels it.
 */
export function RetrievalHint({ responseId }: { responseId: string }) {
  const { t } = useI18n();
  const [hint, setHint] = useState<ResponseHint | null>(null);
  useEffect(() => {
    let current = true;
    setHint(null);
    invoke('retrieval.responseHint', { responseId }).then((value) => current && setHint(value), () => current && setHint(null));
    return () => {
      current = false;
    };
  }, [responseId]);
  if (!hint || hint.units.length === 0) return null;
  const { suggestion } = hint;
  return (
    <aside className="retrieval-hint" data-testid="retrieval-hint" aria-label={t('retrieval.hint.title')}>
      <strong>{t('retrieval.hint.title')}</strong>
      <ul>
        {hint.units.map((unit, u) => (
          <li key={u} className={unit.contextRank === null ? 'missing' : undefined}>
            <span className="retrieval-unit-tag">U{u + 1}</span> <q>{unit.quote}</q>{' '}
            {unit.contextRank !== null ? t('retrieval.hint.held', { rank: unit.contextRank }) : t('retrieval.hint.missing')}
            {unit.contextRank === null && unit.candidateRank !== null ? ` · ${t('retrieval.hint.inCandidates', { rank: unit.candidateRank })}` : ''}
          </li>
        ))}
      </ul>
      {suggestion.layer ? <div data-testid="retrieval-hint-layer">{t('retrieval.hint.suggest', { layer: t(`retrieval.hint.layer.${suggestion.layer}`) })}</div> : null}
      <div className="muted">{t(`retrieval.hint.reason.${suggestion.reason}`, { missing: suggestion.missing })}</div>
      {suggestion.layer ? <div className="muted">{t('retrieval.hint.note')}</div> : null}
    </aside>
  );
}
