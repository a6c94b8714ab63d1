import { useEffect, useRef } from 'react';
import type { OpenConflict } from '../../../shared/api/conflict-ops';
import { isClaimsValue, type LabelValue } from '../../../shared/domain/dimensions';
import type { MessageKey } from '../../i18n';
import { claimsOnlyHere, textDiff } from '../../../shared/labeling/conflicts';
import { useConflictKeyboard } from './useConflictKeyboard';
import { useI18n } from '../../i18n/useI18n';
import { CONFLICTS_PAGE, useConflictStore } from './conflictStore';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { useTestSetStore } from '../test-sets/testSetStore';
import { formatTime } from '../labeling/labelText';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Icon } from '../../common/Icon';
import './conflicts.css';
import { KeyLegend, type KeyLegendRow } from '../../common/KeyLegend';
import { visibleId } from '../../common/bidi';
import { usePick } from '../../common/usePick';

const LEGEND: KeyLegendRow[] = [
  { keys: ['J', 'K'], label: 'conflicts.keys.move' },
  { keys: ['1', '…', '9'], label: 'conflicts.keys.choose' },
  { keys: ['E'], label: 'conflicts.keys.edit' },
  { keys: ['N'], label: 'conflicts.keys.note' },
  { keys: ['O'], label: 'conflicts.keys.open' },
];

const fieldLabel = (field: OpenConflict['field']): MessageKey => (field === 'claims' ? 'conflicts.field.claims' : 'conflicts.field.referenceAnswer');

/** Open conflicts (a case's claims or reference answer edited differently by two reviewers), each settled by the lead. */
export function ConflictsPanel() {
  const { t, num } = useI18n();
  const testSetId = useTestSetStore((s) => s.current?.testSetId ?? null);
  const { rows, total, offset, loaded, loading, error, index, resolved } = usePick(useConflictStore, 'rows', 'total', 'offset', 'loaded', 'loading', 'error', 'index', 'resolved');
  const store = useConflictStore.getState;
  useConflictKeyboard(rows.length > 0);

  useEffect(() => {
    void useConflictStore.getState().load(0);
  }, [testSetId]);

  // the focus follows J / K when it is on the list, so it never rings another conflict than the one shown
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && list.current?.contains(focused)) list.current.querySelector<HTMLElement>('[aria-current="true"]')?.focus();
  }, [index]);

  const shown = rows[index];
  return (
    <section className="conflicts" data-testid="conflicts-panel" aria-busy={loading}>
      <div className="conflicts-bar">
        <span className="conflicts-count" data-testid="conflicts-count" data-count={total}>
          {loaded ? t('conflicts.count', { count: total }) : t('conflicts.loading')}
        </span>
        {resolved ? (
          <span className="conflicts-resolved" role="status" data-testid="conflicts-resolved">
            <Icon name="check" size={14} />{' '}
            {resolved.version === null ? t('conflicts.resolvedEdited', { caseId: visibleId(resolved.caseId) }) : t('conflicts.resolved', { caseId: visibleId(resolved.caseId), number: resolved.version })}
          </span>
        ) : null}
        <button type="button" className="button small" onClick={() => void store().load(offset)} data-testid="conflicts-reload">
          <Icon name="refresh" size={14} /> {t('conflicts.reload')}
        </button>
      </div>
      {error ? <ErrorDetails error={error} testId="conflicts-error" /> : null}
      {loaded && rows.length === 0 && !error ? (
        <div className="cal-card conflicts-empty" data-testid="conflicts-empty">
          <p className="empty-title">{t('conflicts.emptyTitle')}</p>
          <p className="conflicts-explain">{t('conflicts.emptyBody')}</p>
        </div>
      ) : null}
      {rows.length > 0 ? (
        <div className="conflicts-layout">
          <nav className="cal-card conflicts-list" aria-label={t('conflicts.listLabel')}>
            <ol ref={list}>
              {rows.map((row, i) => (
                <li key={`${row.caseId}-${row.field}`}>
                  <button
                    type="button"
                    className={i === index ? 'conflict-row active' : 'conflict-row'}
                    aria-current={i === index ? 'true' : undefined}
                    data-testid="conflict-row"
                    data-case-id={row.caseId}
                    data-field={row.field}
                    onClick={() => store().select(i)}
                  >
                    <span className="conflict-row-head">
                      <span className="mono">{visibleId(row.caseId)}</span>
                      <span className="conflict-field">{t(fieldLabel(row.field))}</span>
                    </span>
                    <span className="conflict-row-query">{row.query}</span>
                    <span className="conflict-row-meta">
                      {t('conflicts.versions', { count: row.versions.length })}
                      {row.settled ? <span className="conflict-reopened" title={t('conflicts.reopenedTitle', { by: row.settled.by })}>{t('conflicts.reopened')}</span> : null}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
            {total > CONFLICTS_PAGE ? (
              <div className="conflicts-pager">
                <button type="button" className="button small" disabled={offset === 0} onClick={() => store().page(-1)}>{t('conflicts.previous')}</button>
                <span className="cal-hint">{t('conflicts.page', { from: num(offset + 1), to: num(offset + rows.length), total: num(total) })}</span>
                <button type="button" className="button small" disabled={offset + rows.length >= total} onClick={() => store().page(1)}>{t('conflicts.more')}</button>
              </div>
            ) : null}
          </nav>
          {shown ? <ConflictDetail conflict={shown} /> : null}
        </div>
      ) : null}
    </section>
  );
}

function ConflictDetail({ conflict }: { conflict: OpenConflict }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { note, noteFocus, editing, resolving } = usePick(useConflictStore, 'note', 'noteFocus', 'editing', 'resolving');
  const store = useConflictStore.getState;
  const lead = useReviewerStore((s) => s.current);
  const noteField = useRef<HTMLInputElement>(null);
  const values = conflict.versions.map((v) => v.value);

  useEffect(() => {
    if (noteFocus > 0) noteField.current?.focus();
  }, [noteFocus]);

  return (
    <article className="cal-card conflict-detail" data-testid="conflict-detail" data-case-id={conflict.caseId} data-field={conflict.field}>
      <header className="conflict-detail-head">
        <div>
          <span className="eyebrow">{t(fieldLabel(conflict.field))}</span>
          <h2 className="conflict-query">{conflict.query}</h2>
          <span className="mono muted">{visibleId(conflict.caseId)}</span>
        </div>
        <button type="button" className="link-button" onClick={() => store().openCase()} data-testid="conflict-open-case">
          {t('conflicts.openCase')} <Icon name="arrowRight" size={13} />
        </button>
      </header>
      <div className="conflict-reference">
        <span className="imported-label">{t('conflicts.imported')}</span>
        <ValueView field={conflict.field} value={conflict.imported} quiet />
      </div>
      {conflict.settled ? (
        <div className="conflict-reference">
          <span className="imported-label">{t('conflicts.settledBefore')}</span>
          <span className="settled-note">{t('conflicts.settledBy', { by: conflict.settled.by, at: formatTime(i18n, conflict.settled.at) })}</span>
          <ValueView field={conflict.field} value={conflict.settled.value} quiet />
        </div>
      ) : null}
      <ol className="conflict-versions" data-count={conflict.versions.length}>
        {conflict.versions.map((version, i) => (
          <li key={i} className="conflict-version" data-testid="conflict-version">
            <div className="conflict-version-head">
              <span className="conflict-version-title"><kbd>{i + 1}</kbd> {t('conflicts.version', { number: i + 1 })}</span>
              <span className="conflict-holders">
                {version.holders.map((h) => (
                  <span key={h.uid} className="conflict-holder" data-testid="conflict-holder">
                    <strong>{h.reviewer}</strong> <time dateTime={h.at}>{formatTime(i18n, h.at)}</time>
                  </span>
                ))}
              </span>
            </div>
            <ValueView field={conflict.field} value={version.value} compareWith={values} index={i} />
            <button type="button" className="button small primary conflict-use" disabled={resolving || editing !== null} onClick={() => void store().useVersion(i + 1)} data-testid="conflict-use">
              {t('conflicts.use')} <kbd className="on-primary">{i + 1}</kbd>
            </button>
          </li>
        ))}
      </ol>
      {editing !== null ? (
        <form
          className="conflict-edit"
          onSubmit={(event) => {
            event.preventDefault();
            void store().resolveEdited();
          }}
        >
          <label className="conflict-edit-label" htmlFor="conflict-edit-text">{t('conflicts.editTitle')}</label>
          <textarea
            id="conflict-edit-text"
            className="input"
            rows={Math.min(10, Math.max(3, editing.split('\n').length + 1))}
            value={editing}
            autoFocus
            data-testid="conflict-edit-text"
            onChange={(event) => store().setEditing(event.target.value)}
            onKeyDown={(event) => {
              if (event.nativeEvent.isComposing) return;
              if (event.key === 'Escape') {
                event.preventDefault();
                store().cancelEdit();
              } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                void store().resolveEdited();
              }
            }}
          />
          <div className="conflict-edit-actions">
            <span className="cal-hint">{conflict.field === 'claims' ? t('conflicts.editClaimsHint') : t('conflicts.editTextHint')}</span>
            <button type="button" className="button small" onClick={() => store().cancelEdit()}>{t('conflicts.cancel')}</button>
            <button type="submit" className="button small primary" disabled={resolving || editing.trim() === ''} data-testid="conflict-resolve-edited">
              {t('conflicts.resolveEdited')} <kbd className="on-primary">Ctrl+Enter</kbd>
            </button>
          </div>
        </form>
      ) : null}
      <div className="conflict-footer">
        <label className="conflict-note">
          <span>{t('conflicts.note')}</span>
          <input
            ref={noteField}
            type="text"
            className="input"
            value={note}
            maxLength={2000}
            placeholder={t('conflicts.notePlaceholder')}
            data-testid="conflict-note"
            onChange={(event) => store().setNote(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') event.currentTarget.blur();
            }}
          />
        </label>
        {editing === null ? (
          <button type="button" className="button small" disabled={resolving} onClick={() => store().startEdit()} data-testid="conflict-edit">
            <Icon name="edit" size={13} /> {t('conflicts.editResolve')} <kbd>E</kbd>
          </button>
        ) : null}
        {resolving ? <span className="cal-hint">{t('conflicts.resolving')}</span> : null}
      </div>
      {lead ? null : <p className="cal-adj-hint" data-testid="conflicts-need-lead">{t('conflicts.needLead')}</p>}
      <KeyLegend label={t('conflicts.keys.title')} rows={LEGEND} />
    </article>
  );
}

/** A field's value: text (the part that differs from the next version highlighted) or a claim list (claims only this version holds highlighted). */
function ValueView({ field, value, compareWith, index = 0, quiet }: { field: OpenConflict['field']; value: LabelValue; compareWith?: readonly LabelValue[]; index?: number; quiet?: boolean }) {
  const { t } = useI18n();
  if (field === 'referenceAnswer') {
    const text = typeof value === 'string' ? value : '';
    const other = compareWith?.[index === 0 ? 1 : 0];
    if (!compareWith || typeof other !== 'string') return <p className={quiet ? 'conflict-text quiet' : 'conflict-text'}>{text}</p>;
    return (
      <p className="conflict-text" data-testid="conflict-text">
        {textDiff(text, other).map((run, i) => (run.changed ? <mark key={i} className="conflict-diff" title={t('conflicts.changed')}>{run.text}</mark> : run.text))}
      </p>
    );
  }
  const claims = isClaimsValue(value) ? value : [];
  if (claims.length === 0) return <p className="muted conflict-text">{t('conflicts.noClaims')}</p>;
  const alone = compareWith ? claimsOnlyHere(compareWith, index) : [];
  return (
    <ol className={quiet ? 'conflict-claims quiet' : 'conflict-claims'}>
      {claims.map((claim, i) => (
        <li key={i} className={alone[i] ? 'conflict-claim changed' : 'conflict-claim'} data-testid="conflict-claim" data-changed={alone[i] ? 'true' : undefined} title={alone[i] ? t('conflicts.changed') : undefined}>
          <span className="conflict-claim-text">{claim.text}</span>
          <span className="conflict-claim-evidence">
            {claim.evidence.length === 0
              ? t('conflicts.noEvidence')
              : claim.evidence.map((e, j) => (
                  <q key={j}>
                    {e.quote} <span className="mono">{e.docId}</span>
                  </q>
                ))}
          </span>
        </li>
      ))}
    </ol>
  );
}
