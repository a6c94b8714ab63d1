import { useI18n } from '../../i18n/useI18n';
import type { AssemblyLoss } from './retrievalStore';
import { visibleId } from '../../common/bidi';

/** Units the candidates held that no chunk of the final context holds, per response. */
export function AssemblyLossPanel({ loss, onOpen }: { loss: AssemblyLoss | null; onOpen(caseId: string): void }) {
  const { t } = useI18n();
  if (!loss) return <div className="retrieval-card" aria-busy="true"><div className="skeleton skeleton-line wide" /></div>;
  return (
    <section className="retrieval-card" data-testid="retrieval-assembly">
      <h2 className="retrieval-card-title">{t('retrieval.assembly.title')}</h2>
      <p className="muted">{t('retrieval.assembly.hint')}</p>
      <p className="retrieval-count">{t('retrieval.assembly.count', { cases: loss.cases.length, responses: loss.responses })}</p>
      {loss.cases.length === 0 ? <p className="muted">{t('retrieval.assembly.none')}</p> : (
        <ul className="retrieval-loss-list">
          {loss.cases.map((c) => (
            <li key={c.responseId} data-testid="retrieval-assembly-row">
              <button type="button" className="link-button retrieval-case-open" onClick={() => onOpen(c.caseId)}>
                <span className="retrieval-case-id">{visibleId(c.caseId)}</span>
                <span className="retrieval-case-query">{c.query}</span>
              </button>
              <span className="muted">{visibleId(c.responseId)}</span>
              <ul>
                {c.lost.map((u) => (
                  <li key={`${u.docId}:${u.quote}`}>
                    <span className="retrieval-doc">{u.docId}</span> <q>{u.quote}</q> <span className="muted">{t('retrieval.assembly.rank', { rank: u.candidateRank })}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
