import { useEffect, useRef } from 'react';
import type { RevealCell } from '../../../shared/api/calibration-ops';
import { formatRaw } from './format';
import { optionKeys } from '../labeling/keymap';
import { parseNumericDraft } from '../labeling/numeric';
import { errorSentence } from '../../../shared/messages/text';
import { useI18n } from '../../i18n/useI18n';
import { cellKey, useAdjudicationStore, type RevealItem } from './adjudicationStore';
import { dimensionName, valueName } from '../agreement/agreementText';
import { Icon } from '../../common/Icon';
import { visibleId } from '../../common/bidi';

const agreeAttr = (value: boolean | null) => (value === null ? 'unknown' : String(value));

/** One item of the reveal: its query and answer, then one row per dimension. */
export function RevealItemCard({ item, index, active, open }: { item: RevealItem; index: number; active: boolean; open: boolean }) {
  const { t, num } = useI18n();
  const ref = useRef<HTMLElement>(null);
  const first = item.cells[0];
  const worst = item.cells.some((c) => c.disagreement === 'humans') ? 'humans' : item.cells.some((c) => c.disagreement === 'judge') ? 'judge' : 'none';

  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  return (
    <article
      ref={ref}
      className={active ? `cal-reveal-item active ${worst}` : `cal-reveal-item ${worst}`}
      data-testid="reveal-case"
      data-case-id={item.caseId}
      data-active={active ? 'true' : 'false'}
    >
      <header className="cal-reveal-head">
        <span className="cal-reveal-pos">{num(first.position + 1)}</span>
        <div className="cal-reveal-what">
          <div className="cal-reveal-ids">
            <span className="mono" title={item.caseId}>{visibleId(item.caseId)}</span>
            {item.responseId ? <span className="mono muted" title={item.responseId}>· {item.responseId}</span> : null}
          </div>
          <p className="cal-reveal-query">{first.query}</p>
          {first.answer ? (
            <p className="cal-reveal-answer" title={first.answer}>
              <span className="eyebrow">{t('calibration.adj.answer')}</span> {first.answer}
            </p>
          ) : null}
        </div>
      </header>
      <div className="cal-cells" role="table" aria-label={item.caseId}>
        <div className="cal-cell cal-cell-header" role="row">
          <span role="columnheader">{t('calibration.adj.col.dimension')}</span>
          <span role="columnheader">{t('calibration.adj.col.reviewers')}</span>
          <span role="columnheader">{t('calibration.adj.col.judge')}</span>
          <span role="columnheader">{t('calibration.adj.col.final')}</span>
        </div>
        {item.cells.map((cell, row) => (
          <CellRow key={cellKey(cell)} cell={cell} itemIndex={index} rowIndex={row} open={open} />
        ))}
      </div>
    </article>
  );
}

function CellRow({ cell, itemIndex, rowIndex, open }: { cell: RevealCell; itemIndex: number; rowIndex: number; open: boolean }) {
  const { t, locale } = useI18n();
  const key = cellKey(cell);
  const current = useAdjudicationStore((s) => s.itemIndex === itemIndex && s.rowIndex === rowIndex);
  const save = useAdjudicationStore((s) => s.saves[key]);
  const focusCell = useAdjudicationStore((s) => s.focusCell);
  const label = (value: string | number) => valueName(locale, cell.dimension, formatRaw(value));
  const decided = cell.adjudication;

  return (
    <div
      className={`cal-cell ${cell.disagreement}${current ? ' current' : ''}${decided ? ' decided' : ''}`}
      role="row"
      data-testid="reveal-item"
      data-case-id={cell.caseId}
      data-response-id={cell.responseId ?? ''}
      data-dimension={cell.dimension}
      data-agree={agreeAttr(cell.humansAgree)}
      data-judge-agree={agreeAttr(cell.judgeAgrees)}
      data-disagreement={cell.disagreement}
      data-current={current ? 'true' : 'false'}
      onMouseDown={() => focusCell(itemIndex, rowIndex)}
    >
      <div className="cal-cell-dim" role="cell">
        <span className="cal-cell-dim-name">{dimensionName(locale, cell.dimension)}</span>
        <span className={`cal-kind ${cell.disagreement}`}>{t(`calibration.kind.${cell.disagreement}`)}</span>
      </div>
      <div className="cal-cell-humans" role="cell">
        {cell.labels.length === 0 ? <span className="muted">{t('calibration.adj.noLabels')}</span> : null}
        {cell.labels.map((l) => (
          <span key={l.reviewerId} className="cal-label" title={l.reviewer}>
            <span className="cal-label-who">{l.reviewer}</span>
            <span className="cal-label-value">{label(l.value)}</span>
          </span>
        ))}
      </div>
      <div className="cal-cell-judge" role="cell">
        {cell.judge ? (
          <>
            <span className={cell.judgeAgrees === false ? 'cal-judge-value off' : 'cal-judge-value'}>{label(cell.judge.value)}</span>
            {cell.judge.rationale ? <p className="cal-rationale" title={cell.judge.rationale}>{cell.judge.rationale}</p> : null}
          </>
        ) : (
          <span className="muted">{t('calibration.adj.noVerdict')}</span>
        )}
      </div>
      <div className="cal-cell-final" role="cell">
        <FinalValue cell={cell} current={current} open={open} onFocusRow={() => focusCell(itemIndex, rowIndex)} />
        {save?.status === 'saving' ? <span className="cal-saving">{t('calibration.adj.saving')}</span> : null}
        {save?.status === 'error' ? (
          <span className="cal-save-error" role="alert">
            <Icon name="alert" size={14} /> {save.error ? errorSentence(locale, save.error) : t('calibration.adj.saveFailed')}
          </span>
        ) : null}
      </div>
    </div>
  );
}

function FinalValue({ cell, current, open, onFocusRow }: { cell: RevealCell; current: boolean; open: boolean; onFocusRow(): void }) {
  const { t, locale } = useI18n();
  const key = cellKey(cell);
  const dimension = useAdjudicationStore((s) => s.dimensions.find((d) => d.name === cell.dimension));
  const note = useAdjudicationStore((s) => s.notes[key] ?? '');
  const noteRequested = useAdjudicationStore((s) => s.noteRequest === key);
  const numericDraft = useAdjudicationStore((s) => (current ? s.numericDraft : ''));
  const store = useAdjudicationStore.getState;
  const noteRef = useRef<HTMLInputElement>(null);
  const decided = cell.adjudication;
  const label = (value: string | number) => valueName(locale, cell.dimension, formatRaw(value));

  useEffect(() => {
    if (!noteRequested) return;
    noteRef.current?.focus();
    store().noteFocused();
  }, [noteRequested, store]);

  const decidedLine = decided ? (
    <div className="cal-decided" data-testid="adjudicated" data-value={String(decided.value)} data-source={decided.source}>
      <Icon name="check" size={14} />
      <span className="cal-decided-value">{label(decided.value)}</span>
      <span className="cal-decided-who">
        {decided.source === 'unanimous' ? t('calibration.adj.unanimous') : t('calibration.adj.by', { name: decided.decider ?? '?' })}
      </span>
      {decided.note ? <span className="cal-decided-note" title={decided.note}>“{decided.note}”</span> : null}
    </div>
  ) : null;

  if (!open) return decidedLine ?? <span className="muted">{t('calibration.adj.notDecided')}</span>;
  if (!dimension || dimension.type === 'structured') return decidedLine ?? <span className="muted">{t('calibration.adj.notHere')}</span>;

  const values = dimension.options.map((o) => o.value);
  const keys = optionKeys(values);
  const chosen = decided ? String(decided.value) : null;
  const numericValue = dimension.type === 'numeric' ? parseNumericDraft(numericDraft, dimension.min ?? 0, dimension.max ?? 1) : null;
  // rows everyone agreed on stay compact (accept, or another value on request); the current row shows every choice
  const full = current || cell.consensus === null || (decided !== null && String(cell.consensus) !== chosen);
  const showNote = current || note !== '' || noteRequested;

  return (
    <div className="cal-final">
      {decidedLine}
      {cell.consensus !== null ? (
        <button
          type="button"
          className={decided && String(cell.consensus) === chosen ? 'button small cal-accept done' : 'button small cal-accept'}
          data-testid="adjudicate-accept"
          data-value={String(cell.consensus)}
          onClick={() => void store().decide(cell, cell.consensus as string | number)}
        >
          {t('calibration.adj.accept', { value: label(cell.consensus) })}
          {current ? <kbd>A</kbd> : null}
        </button>
      ) : null}
      {!full ? (
        <button type="button" className="link-button cal-other" data-testid="adjudicate-other" onClick={onFocusRow}>
          {t('calibration.adj.otherValue')}
        </button>
      ) : dimension.type === 'numeric' ? (
        <div className="cal-numeric">
          <input
            className="input cal-numeric-input"
            inputMode="decimal"
            value={numericDraft}
            placeholder={t('calibration.adj.numericPlaceholder', { min: dimension.min ?? 0, max: dimension.max ?? 1 })}
            aria-label={t('calibration.adj.numericLabel')}
            data-testid="adjudicate-numeric"
            onChange={(event) => store().setNumericDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                store().confirmNumeric();
              }
            }}
          />
          {numericValue !== null ? <span className="cal-numeric-reading">= {formatRaw(numericValue)}</span> : null}
        </div>
      ) : (
        <div className="cal-options" role="group" aria-label={t('calibration.adj.col.final')}>
          {values.map((value, i) => (
            <button
              key={String(value)}
              type="button"
              className={chosen === String(value) ? 'cal-option chosen' : 'cal-option'}
              aria-pressed={chosen === String(value)}
              data-testid="adjudicate-value"
              data-value={String(value)}
              onClick={() => void store().decide(cell, value)}
            >
              {keys[i] ? <kbd>{keys[i]}</kbd> : null}
              {label(value)}
            </button>
          ))}
        </div>
      )}
      {showNote ? (
      <input
        ref={noteRef}
        className="input cal-note"
        value={note}
        maxLength={2000}
        placeholder={decided ? t('calibration.adj.notePlaceholderDecided') : t('calibration.adj.notePlaceholder')}
        aria-label={t('calibration.adj.note')}
        data-testid="adjudicate-note"
        onChange={(event) => store().setNote(key, event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            store().submitNote(cell);
            event.currentTarget.blur();
          }
        }}
      />
      ) : null}
    </div>
  );
}
