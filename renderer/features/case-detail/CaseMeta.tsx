import type { ReactNode } from 'react';
import type { CaseRecord } from '../../../shared/domain/schemas';
import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import { EnumChip } from '../../common/EnumChip';
import { LeakFlag } from './LeakFlag';

function Item({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'meta-item wide' : 'meta-item'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Corpus revision, origin, split, group, slices, access scope, forbidden claims, relevant documents, a foreign file's metadata. */
export function CaseMeta({ record }: { record: CaseRecord }) {
  const { t, label } = useI18n();
  const notSet = <span className="muted">{t('detail.notSet')}</span>;
  const text = (value: string | null | undefined) => (value ? <span className="mono">{value}</span> : notSet);
  const list = (values: readonly string[], key: MessageKey) =>
    values.length === 0 ? notSet : (
      <span className="chip-row" aria-label={t(key)}>
        {values.map((value) => (
          <span key={value} className="chip chip-quiet mono">{value}</span>
        ))}
      </span>
    );
  return (
    <section className="detail-section">
      <h2 className="section-title">{t('detail.meta')}</h2>
      <dl className="meta-grid" data-testid="case-meta">
        <Item label={t('detail.corpusRevision')}>{text(record.corpusRevision)}</Item>
        <Item label={t('detail.origin')}>{record.origin ? label('origin', record.origin) : notSet}</Item>
        <Item label={t('detail.split')}>{record.split ? label('split', record.split) : notSet}</Item>
        <Item label={t('detail.group')}>{text(record.group)}</Item>
        <Item label={t('detail.memoryLeak')}>
          <LeakFlag key={record.id} caseId={record.id} leak={record.leak === true} />
        </Item>
        <Item label={t('detail.answerability')}>
          {record.answerability ? <EnumChip kind="answerability" value={record.answerability} /> : notSet}
        </Item>
        <Item label={t('detail.questionType')}>{record.questionType ? label('questionType', record.questionType) : notSet}</Item>
        <Item label={t('detail.slices')} wide>
          {record.slices.length === 0 ? notSet : (
            <span className="chip-row">
              {record.slices.map((slice) => (
                <EnumChip key={slice} kind="slice" value={slice} quiet />
              ))}
            </span>
          )}
        </Item>
        <Item label={t('detail.accessScope')}>{list(record.accessScope, 'detail.accessScope')}</Item>
        <Item label={t('detail.relevantDocuments')} wide>{list(record.relevantDocuments, 'detail.relevantDocuments')}</Item>
        <Item label={t('detail.forbiddenClaims')} wide>
          {record.forbiddenClaims.length === 0 ? notSet : (
            <ul className="forbidden-claims" data-testid="forbidden-claims">
              {record.forbiddenClaims.map((claim, index) => (
                <li key={index}>{claim}</li>
              ))}
            </ul>
          )}
        </Item>
        {record.metadata && Object.keys(record.metadata).length > 0 ? (
          <Item label={t('detail.metadata')} wide>
            <dl className="case-metadata" data-testid="case-metadata">
              {Object.entries(record.metadata).map(([key, value]) => (
                <div key={key} className="case-metadata-row">
                  <dt className="mono">{key}</dt>
                  <dd className="mono">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
                </div>
              ))}
            </dl>
          </Item>
        ) : null}
      </dl>
    </section>
  );
}
