import { useMemo } from 'react';
import type { SettledValue } from '../../../shared/api/conflict-ops';
import type { Claim } from '../../../shared/domain/schemas';
import { locateEvidence, type EvidenceLocation } from './evidence';
import { useI18n } from '../../i18n/useI18n';
import { evidenceAnchor, type StoredDocument } from './documentView';
import { Icon } from '../../common/Icon';
import { revealAnchor } from './revealAnchor';
import { SettledNote } from './SettledNote';

interface ClaimListProps {
  claims: readonly Claim[];
  /** When the lead settled the claims (then `claims` are those): the resolution, and the claims as imported. */
  settled?: SettledValue | null;
  imported?: readonly Claim[];
  documents: readonly StoredDocument[];
  activeClaim: number | null;
  onActivate(claimNumber: number | null): void;
}

export function ClaimList({ claims, settled, imported, documents, activeClaim, onActivate }: ClaimListProps) {
  const { t } = useI18n();
  const locations = useMemo(
    () => claims.map((claim) => claim.evidence.map((evidence) => locateEvidence(evidence, documents))),
    [claims, documents],
  );
  const missing = claims.filter((claim) => claim.evidence.length === 0).length;
  return (
    <section className="detail-section">
      <h2 className="section-title">
        {t('detail.claims')}
        {claims.length > 0 ? <span className="section-count">{t('detail.claimsSummary', { count: claims.length, missing })}</span> : null}
        {settled ? <SettledNote settled={settled} /> : null}
      </h2>
      {claims.length === 0 ? (
        <p className="muted">{t('detail.noClaims')}</p>
      ) : (
        <ol className="claims" onMouseLeave={() => onActivate(null)}>
          {claims.map((claim, index) => {
            const number = index + 1;
            const classes = ['claim'];
            if (claim.evidence.length === 0) classes.push('no-evidence');
            if (activeClaim === number) classes.push('active');
            return (
              <li
                key={index}
                className={classes.join(' ')}
                data-testid="claim"
                data-claim-number={number}
                data-has-evidence={claim.evidence.length > 0}
                onMouseEnter={() => onActivate(number)}
                onFocus={() => onActivate(number)}
              >
                <span className="claim-number" aria-label={t('detail.claimNumber', { number })}>{number}</span>
                <div className="claim-body">
                  <p className="claim-text">{claim.text}</p>
                  {claim.evidence.length === 0 ? (
                    <span className="warning-chip" data-testid="claim-no-evidence">
                      <Icon name="alert" size={12} /> {t('detail.noEvidence')}
                    </span>
                  ) : (
                    <ul className="evidence-list">
                      {claim.evidence.map((evidence, evidenceIndex) => (
                        <EvidenceItem
                          key={evidenceIndex}
                          quote={evidence.quote}
                          docId={evidence.docId}
                          location={locations[index][evidenceIndex]}
                          anchor={evidenceAnchor(number, evidenceIndex)}
                        />
                      ))}
                    </ul>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {settled && imported ? (
        <details className="imported-value" data-testid="claims-imported">
          <summary><span className="imported-label">{t('conflicts.imported')}</span>{t('conflicts.importedClaims', { count: imported.length })}</summary>
          <ol>{imported.map((claim, index) => <li key={index}>{claim.text}</li>)}</ol>
        </details>
      ) : null}
    </section>
  );
}

function EvidenceItem({ quote, docId, location, anchor }: { quote: string; docId: string; location: EvidenceLocation; anchor: string }) {
  const { t } = useI18n();
  const status =
    location.status === 'found'
      ? t('detail.evidenceFoundIn', { revisions: location.revisions.join(t('common.listSeparator')) })
      : location.status === 'quote-not-found'
        ? t('detail.evidenceNotFound')
        : location.status === 'document-missing'
          ? t('detail.evidenceDocMissing')
          : t('detail.evidenceNoText');
  return (
    <li className={location.status === 'found' ? 'evidence' : 'evidence problem'} data-testid="claim-evidence" data-status={location.status}>
      <q className="evidence-quote">{quote}</q>
      <span className="evidence-source">
        <span className="mono">{docId}</span>
        <span className="evidence-status">
          {location.status === 'found' ? null : <Icon name="alert" size={12} />}
          {status}
        </span>
        {location.status === 'found' ? (
          <button type="button" className="link-button" onClick={() => revealAnchor(anchor)}>
            {t('detail.showInDocument')}
          </button>
        ) : null}
      </span>
    </li>
  );
}
