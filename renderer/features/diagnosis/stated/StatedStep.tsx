import { useEffect, type MouseEvent } from 'react';
import { unmarkedClaims, ClaimsStatedValueSchema } from '../../../../shared/diagnosis/claims-stated';
import { CITATION_VERDICTS, type CitationVerdict } from '../../../../shared/diagnosis/types';
import type { LabelingItem } from '../../../../shared/api/labeling-ops';
import type { MessageKey } from '../../../i18n';
import { useI18n } from '../../../i18n/useI18n';
import { useLabelingStore, type LabelStep } from '../../labeling/labelingStore';
import { TOGGLE_KEYS } from '../../labeling/keymap';
import { askedAgain } from '../../labeling/sequence';
import { openStatedDraft, ownClaimsEditAside, saveStatedDraft, statedListOf, statedUnsaved, useStatedDraft } from './statedDraft';
import './stated.css';

/** "Claims this answer states": one row per required and forbidden claim, one key each. */
export function StatedStep({ item, step }: { item: LabelingItem; step: LabelStep }) {
  const { t, num } = useI18n();
  const list = statedListOf(item);
  const marks = useStatedDraft((s) => s.marks);
  const active = useStatedDraft((s) => s.active);
  const saves = useLabelingStore((s) => s.saves);
  const draft = useStatedDraft.getState();
  const response = item.detail.responses.find((r) => r.id === step.responseId);
  const citations = response?.citations?.length ?? 0;
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  useEffect(() => {
    openStatedDraft(item, step);
  }, [item, step]);

  const saved = ClaimsStatedValueSchema.safeParse(step.current?.value);
  const stored = step.current?.value != null && saved.success ? saved.data : null;
  const changed = stored ? unmarkedClaims(list, stored) : [];
  const unsaved = statedUnsaved(item, step, marks);
  const forbiddenStated = list.some((c) => c.forbidden && marks[c.id]?.stated);

  return (
    <div className="stated-step" data-testid="stated-step">
      {askedAgain(step) ? (
        <p className="stated-changed" role="status" data-testid="stated-asked-again" data-because={step.askAgainBecause ?? 'own-edit'}>
          {t(step.askAgainBecause === 'case-changed' ? 'labeling.stated.askedAgainChanged' : 'labeling.stated.askedAgain')}
        </p>
      ) : null}
      {ownClaimsEditAside(item, list, saves) ? <p className="muted stated-own-edit" data-testid="stated-own-edit">{t('labeling.stated.ownEditAside')}</p> : null}
      {changed.length > 0 ? <p className="stated-changed" role="status" data-testid="stated-changed">{t('labeling.stated.changed', { count: num(changed.length) })}</p> : null}
      {list.length === 0 ? <p className="muted">{t('labeling.stated.empty')}</p> : null}
      <ol className="stated-list">
        {list.map((claim, index) => {
          const mark = marks[claim.id];
          const stated = mark?.stated === true;
          return (
            <li
              key={claim.id}
              className={`stated-row${stated ? ' is-stated' : ''}${claim.forbidden ? ' is-forbidden' : ''}${index === active ? ' is-active' : ''}`}
              data-testid="stated-row"
              data-claim-id={claim.id}
              data-stated={stated ? 'yes' : 'no'}
            >
              <button type="button" className="stated-toggle" onMouseDown={keepFocus} onClick={() => draft.toggle(list, index)} aria-pressed={stated}>
                <kbd>{(TOGGLE_KEYS[index] ?? '').toUpperCase()}</kbd>
                <span className="stated-text">{claim.text}</span>
                {claim.forbidden ? <span className="stated-badge">{t('labeling.stated.forbidden')}</span> : null}
                <span className="stated-state">{stated ? t('labeling.stated.stated') : t('labeling.stated.notStated')}</span>
              </button>
              {stated && citations > 0 ? (
                <div className="stated-citation" onMouseDown={keepFocus}>
                  <span className="field-label">{t('labeling.stated.citation')}</span>
                  {CITATION_VERDICTS.map((verdict: CitationVerdict) => (
                    <button
                      key={verdict}
                      type="button"
                      className={mark?.citation === verdict ? 'chip active' : 'chip'}
                      data-testid={`stated-citation-${verdict}`}
                      onClick={() => {
                        draft.setActive(index);
                        draft.setCitation(list, verdict, citations > 0);
                      }}
                    >
                      <kbd>{{ supported: 'S', unsupported: 'D', none: 'C' }[verdict]}</kbd> {t(`labeling.stated.citation.${verdict}` as MessageKey)}
                    </button>
                  ))}
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      {forbiddenStated ? <p className="stated-warning" data-testid="stated-forbidden">{t('labeling.stated.forbiddenStated')}</p> : null}
      {response && citations > 0 ? (
        <div className="stated-citations" data-testid="stated-citations">
          <p className="field-label">{t('labeling.stated.citationsHere', { count: num(citations) })}</p>
          <ol>
            {response.citations!.map((c, i) => (
              <li key={i} data-testid="stated-cited">
                <q className="stated-cited-span">{Array.from(response.answer).slice(c.start, c.end).join('')}</q>
                <span className="muted"> → {[c.docId, c.chunkId].filter(Boolean).join(' · ') || t('labeling.stated.citedNoSource')}</span>
                {c.quote ? <q className="stated-cited-quote">{c.quote}</q> : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <div className="stated-actions" onMouseDown={keepFocus}>
        {list.length > 0 ? (
          <>
            <button type="button" className="button small" onClick={() => draft.setAll(list, true)}><kbd>A</kbd> {t('labeling.stated.all')}</button>
            <button type="button" className="button small" onClick={() => draft.setAll(list, false)}><kbd>N</kbd> {t('labeling.stated.none')}</button>
          </>
        ) : null}
        <button type="button" className="button small primary" data-testid="stated-save" onClick={saveStatedDraft}><kbd>Enter</kbd> {t('labeling.stated.save')}</button>
        {unsaved ? <span className="multi-unsaved" data-testid="stated-unsaved">{t('labeling.multi.unsaved')}</span> : null}
      </div>
      {list.length > 0 ? <p className="muted stated-keys">{t('labeling.stated.keys')}{citations > 0 ? ` · ${t('labeling.stated.citationKeys')}` : ''}</p> : null}
    </div>
  );
}
