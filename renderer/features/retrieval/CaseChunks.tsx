import { useMemo } from 'react';
import type { RankedChunk, RetrievalUnitOut } from '../../../shared/api/retrieval-ops';
import { locateNormalized } from '../../../shared/retrieval/locate';
import { highlightSegments } from '../case-detail/highlight';
import { Modal } from '../../common/Modal';
import { useI18n } from '../../i18n/useI18n';
import type { RetrievalCase } from './retrievalStore';
import { visibleId } from '../../common/bidi';

const unitTag = (u: number) => `U${u + 1}`;

/** A chunk's text with each unit it holds highlighted where the matching rule found it. */
function ChunkText({ chunk, units }: { chunk: RankedChunk; units: RetrievalUnitOut[] }) {
  const { segments, marks } = useMemo(() => {
    const found = chunk.units.map((u) => ({ u, at: locateNormalized(chunk.text, units[u]?.quote ?? '') })).filter((m) => m.at !== null);
    const result = highlightSegments(chunk.text, found.map((m) => ({ quote: chunk.text.slice(m.at!.start, m.at!.end), start: m.at!.start })));
    return { segments: result.segments, marks: found };
  }, [chunk, units]);
  return (
    <p className="retrieval-chunk-text">
      {segments.map((s) => s.marks.length === 0 ? <span key={s.start}>{s.text}</span> : (
        <mark key={s.start} className="evidence-mark" data-testid="retrieval-evidence-mark" data-units={s.marks.map((i) => unitTag(marks[i].u)).join(' ')}>{s.text}</mark>
      ))}
    </p>
  );
}

function ChunkList({ chunks, units, k, testId }: { chunks: RankedChunk[]; units: RetrievalUnitOut[]; k: number | 'whole'; testId: string }) {
  const { t } = useI18n();
  if (chunks.length === 0) return <p className="muted">{t('retrieval.detail.emptyList')}</p>;
  return (
    <ol className="retrieval-chunks" data-testid={testId}>
      {chunks.map((chunk) => (
        <li key={chunk.position} className={chunk.units.length > 0 ? 'retrieval-chunk holds' : 'retrieval-chunk'} data-testid="retrieval-chunk">
          {typeof k === 'number' && chunk.position === k + 1 ? <div className="retrieval-cutoff-line">{t('retrieval.detail.cutoffLine', { k })}</div> : null}
          <div className="retrieval-chunk-head">
            <span className="retrieval-rank">#{chunk.position}</span>
            <span className="retrieval-doc">{chunk.docId ?? t('retrieval.detail.noDoc')}</span>
            {chunk.chunkId ? <span className="retrieval-chunk-id">{chunk.chunkId}</span> : null}
            {chunk.score !== null ? <span className="muted">{t('retrieval.detail.score', { score: chunk.score })}</span> : null}
            <span className={chunk.units.length > 0 ? 'retrieval-holds' : 'retrieval-holds none'}>
              {chunk.units.length > 0 ? t('retrieval.detail.holds', { units: chunk.units.map(unitTag).join(' ') }) : t('retrieval.detail.holdsNothing')}
            </span>
          </div>
          <ChunkText chunk={chunk} units={units} />
        </li>
      ))}
    </ol>
  );
}

/** One case: its evidence units and, per response, the ranked candidates and final context with the units each chunk holds. */
export function CaseChunks({ detail, k, onClose }: { detail: RetrievalCase; k: number | 'whole'; onClose(): void }) {
  const { t } = useI18n();
  return (
    <Modal title={t('retrieval.detail.title', { caseId: visibleId(detail.caseId) })} onClose={onClose} closeLabel={t('retrieval.detail.close')} width="wide" testId="retrieval-case">
      <p className="retrieval-detail-query">{detail.query}</p>
      <h3 className="retrieval-subtitle">{t('retrieval.detail.units')}</h3>
      {detail.units.length === 0 ? <p className="muted">{t('retrieval.detail.noUnits')}</p> : (
        <ul className="retrieval-units">
          {detail.units.map((unit, u) => (
            <li key={u}>
              <span className="retrieval-unit-tag">{unitTag(u)}</span>
              <span className="retrieval-doc">{unit.docId}</span>
              <q>{unit.quote}</q>
              <span className="muted">{t('retrieval.detail.grade', { grade: unit.grade })} · {t('retrieval.detail.claims', { numbers: unit.claims.map((c) => c + 1).join(', ') })}</span>
            </li>
          ))}
        </ul>
      )}
      {detail.responses.map((response) => (
        <section key={response.responseId} className="retrieval-response">
          <h3 className="retrieval-subtitle">{t('retrieval.detail.response', { id: visibleId(response.responseId) })}</h3>
          <div className="retrieval-lists">
            <div>
              <h4>{t('retrieval.detail.candidates')}</h4>
              {response.candidates === null ? <p className="muted">{t('retrieval.detail.noCandidates')}</p> : <ChunkList chunks={response.candidates} units={detail.units} k={k} testId="retrieval-candidates" />}
            </div>
            <div>
              <h4>{t('retrieval.detail.context')}</h4>
              <ChunkList chunks={response.context} units={detail.units} k={k} testId="retrieval-context" />
            </div>
          </div>
        </section>
      ))}
    </Modal>
  );
}
