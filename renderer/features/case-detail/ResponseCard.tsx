import type { MessageKey } from '../../i18n';
import type { ResponseRecord } from '../../../shared/domain/schemas';
import { useI18n } from '../../i18n/useI18n';
import { contextInRankOrder, costEntries, type CostField } from './responseView';
import { visibleId } from '../../common/bidi';

const COST_LABELS: Record<CostField, MessageKey> = {
  inputTokens: 'detail.inputTokens',
  outputTokens: 'detail.outputTokens',
  latencyMs: 'detail.latency',
  toolCalls: 'detail.toolCalls',
};

export function ResponseCard({ response }: { response: ResponseRecord }) {
  const { t, num } = useI18n();
  const chunks = contextInRankOrder(response.finalContext);
  const costs = costEntries(response);
  const retrieval =
    response.retrievalCalled === true ? 'called' : response.retrievalCalled === false ? 'not-called' : 'unknown';
  const retrievalKey: MessageKey =
    retrieval === 'called' ? 'detail.retrievalCalled' : retrieval === 'not-called' ? 'detail.retrievalNotCalled' : 'detail.retrievalUnknown';
  return (
    <article className="response" data-testid="response" data-response-id={response.id}>
      <header className="response-header">
        <span className="response-system mono" data-testid="response-system">{response.system}</span>
        <span className={`chip retrieval-${retrieval}`} data-testid="response-retrieval">{t(retrievalKey)}</span>
        <span className="response-id mono muted">{visibleId(response.id)}</span>
      </header>
      <div className="response-answer">
        <span className="eyebrow">{t('detail.answer')}</span>
        <p>{response.answer}</p>
      </div>
      {costs.length > 0 ? (
        <dl className="cost-list" aria-label={t('detail.cost')}>
          {costs.map(({ field, value }) => (
            <div key={field}>
              <dt>{t(COST_LABELS[field])}</dt>
              <dd className="mono">{field === 'latencyMs' ? t('detail.latencyValue', { value: num(value) }) : num(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="context">
        <div className="context-title">
          <span className="eyebrow">{t('detail.finalContext')}</span>
          {chunks.length > 0 ? <span className="muted">{t('detail.finalContextCount', { count: chunks.length })}</span> : null}
        </div>
        {chunks.length === 0 ? (
          <p className="muted">{t('detail.noContext')}</p>
        ) : (
          <ol className="context-chunks">
            {chunks.map((chunk, index) => (
              <li key={`${chunk.rank}-${index}`} className="context-chunk" data-testid="context-chunk" data-rank={chunk.rank}>
                <div className="chunk-head">
                  <span className="chunk-rank">{t('detail.rank', { rank: chunk.rank })}</span>
                  {chunk.docId ? <span className="mono">{chunk.docId}</span> : null}
                  {chunk.chunkId ? <span className="mono muted">{chunk.chunkId}</span> : null}
                </div>
                <p className="chunk-text">{chunk.text}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </article>
  );
}
