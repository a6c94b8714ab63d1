import { formatWhen } from './format';
import { useI18n } from '../../i18n/useI18n';
import { useRoundStore, type RoundSection } from './roundStore';
import { roundNoteText } from './calibrationNotes';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Icon } from '../../common/Icon';
import { AdjudicatePanel } from './AdjudicatePanel';
import { RevealEarlyDialog } from './RevealEarlyDialog';
import { ReviewerProgress } from './ReviewerProgress';
import { RoundFiguresTable } from './RoundFiguresTable';
import { RoundItems } from './RoundItems';
import { StatusSteps } from './StatusChip';
import { usePick } from '../../common/usePick';

const SECTIONS: RoundSection[] = ['items', 'adjudicate', 'figures'];

/** One round: what was picked and why, who labeled how much, and the next step (label, reveal, adjudicate, close). */
export function RoundPage() {
  const { t, locale, num } = useI18n();
  const { rounds, detail } = usePick(useRoundStore, 'rounds', 'detail');
  const loading = useRoundStore((s) => s.detailLoading);
  const { detailError, actionError, section, setSection, confirmEarly, revealing, closing } = usePick(useRoundStore, 'detailError', 'actionError', 'section', 'setSection', 'confirmEarly', 'revealing', 'closing');
  const store = useRoundStore.getState;

  if (detailError) {
    return (
      <section className="cal-card cal-round">
        <ErrorDetails error={detailError} testId="round-error" />
        <button type="button" className="button small" onClick={() => void store().refreshDetail()}>{t('error.retry')}</button>
      </section>
    );
  }
  if (!detail) {
    if (rounds !== null && rounds.length === 0) {
      return (
        <section className="cal-card cal-round cal-empty" data-testid="round-none">
          <h2>{t('calibration.round.noneTitle')}</h2>
          <p className="cal-hint">{t('calibration.round.noneHint')}</p>
        </section>
      );
    }
    return (
      <section className="cal-card cal-round" aria-busy={loading}>
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-line wide" />
        <div className="skeleton skeleton-line" />
      </section>
    );
  }

  const { round, cells } = detail;
  const status = round.status;
  const canAdjudicate = status !== 'labeling';
  const open = status === 'revealed' || status === 'adjudicated';
  const sectionEnabled = (name: RoundSection) => name === 'items' || (name === 'adjudicate' ? canAdjudicate : status === 'closed');

  return (
    <section className="cal-round" data-testid="round-page" data-round-id={round.id} data-status={status} aria-busy={loading}>
      <header className="cal-card cal-round-head">
        <div className="cal-round-title-row">
          <h2 className="cal-round-title">
            {t('calibration.round.title', { week: round.week })}
          </h2>
          <StatusSteps status={status} />
        </div>
        <dl className="cal-facts">
          <div>
            <dt>{t('calibration.round.items')}</dt>
            <dd data-testid="round-item-count">
              {t('calibration.round.itemsOf', { items: num(round.items), size: num(round.size) })}
            </dd>
          </div>
          <div>
            <dt>{t('calibration.round.picked')}</dt>
            <dd>{t('calibration.round.pickedSplit', { changed: num(round.changedItems), random: num(round.items - round.changedItems) })}</dd>
          </div>
          <div>
            <dt>{t('calibration.round.seed')}</dt>
            <dd className="mono" data-testid="round-seed-value">{round.seed}</dd>
          </div>
          <div>
            <dt>{t('calibration.round.started')}</dt>
            <dd>{formatWhen(locale, round.createdAt)}</dd>
          </div>
          {round.revealedAt ? (
            <div>
              <dt>{t('calibration.round.revealed')}</dt>
              <dd>
                {formatWhen(locale, round.revealedAt)}
                {round.revealedBy ? <span className="muted" data-testid="round-revealed-by"> · {t('calibration.round.revealedBy', { name: round.revealedBy.name })}</span> : null}
                {round.revealedEarly ? <span className="badge warning cal-early" data-testid="round-revealed-early">{t('calibration.round.early')}</span> : null}
              </dd>
            </div>
          ) : null}
          {round.closedAt ? (
            <div>
              <dt>{t('calibration.round.closed')}</dt>
              <dd>{formatWhen(locale, round.closedAt)}</dd>
            </div>
          ) : null}
        </dl>
        {round.notes.length > 0 && section !== 'adjudicate' ? (
          <ul className="cal-notes" data-testid="round-notes">
            {round.notes.map((note, i) => (
              <li key={i} data-code={note.code}>
                <Icon name="alert" size={14} />
                <span>{roundNoteText(locale, note)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="cal-actions">
          {status === 'labeling' ? (
            <>
              <button type="button" className="button primary" data-testid="round-label" onClick={() => store().labelRound()}>
                {t('calibration.round.label')}
                <Icon name="arrowRight" />
              </button>
              <button
                type="button"
                className={detail.labelingDone ? 'button primary' : 'button'}
                data-testid="round-reveal"
                data-early={detail.labelingDone ? 'false' : 'true'}
                disabled={revealing}
                onClick={() => (detail.labelingDone ? void store().reveal(false) : store().askRevealEarly(true))}
              >
                {detail.labelingDone ? t('calibration.round.reveal') : t('calibration.round.revealEarly')}
              </button>
              <span className="cal-hint">
                {detail.labelingDone
                  ? t('calibration.round.revealReady')
                  : t('calibration.round.revealWaiting', { count: detail.reviewers.filter((r) => r.itemsDone < r.items).length || detail.reviewers.length, labeled: num(cells.labeled), total: num(cells.total) })}
              </span>
            </>
          ) : null}
          {open ? (
            <>
              <button
                type="button"
                className="button primary"
                data-testid="round-close"
                disabled={closing || cells.toAdjudicate > 0}
                onClick={() => void store().close()}
              >
                {closing ? t('calibration.round.closing') : t('calibration.round.close')}
              </button>
              <span className="cal-hint" data-testid="round-close-hint">
                {cells.toAdjudicate > 0
                  ? t('calibration.round.closeBlocked', { count: cells.toAdjudicate })
                  : t('calibration.round.closeReady')}
              </span>
            </>
          ) : null}
        </div>
        {actionError ? (
          <div className="inline-error cal-error">
            <ErrorDetails error={actionError} testId="round-action-error" />
          </div>
        ) : null}
      </header>

      {section !== 'adjudicate' ? <ReviewerProgress detail={detail} /> : null}

      <nav className="cal-sections" aria-label={t('calibration.round.sections')}>
        {SECTIONS.map((name) => (
          <button
            key={name}
            type="button"
            className={section === name ? 'cal-section-tab active' : 'cal-section-tab'}
            aria-current={section === name ? 'page' : undefined}
            disabled={!sectionEnabled(name)}
            title={sectionEnabled(name) ? undefined : t(name === 'adjudicate' ? 'calibration.section.adjudicateLocked' : 'calibration.section.figuresLocked')}
            data-testid={`round-section-${name}`}
            onClick={() => setSection(name)}
          >
            {t(`calibration.section.${name}`)}
            {name === 'adjudicate' && canAdjudicate ? (
              <span className={cells.toAdjudicate > 0 ? 'cal-count open' : 'cal-count'} title={t('calibration.section.toSettle', { count: cells.toAdjudicate })}>
                {cells.toAdjudicate > 0 ? num(cells.toAdjudicate) : '✓'}
              </span>
            ) : null}
          </button>
        ))}
      </nav>

      {section === 'items' || !sectionEnabled(section) ? <RoundItems detail={detail} /> : null}
      {section === 'adjudicate' && canAdjudicate ? <AdjudicatePanel roundId={round.id} status={status} /> : null}
      {section === 'figures' && status === 'closed' ? <RoundFiguresTable /> : null}
      {confirmEarly ? <RevealEarlyDialog detail={detail} /> : null}
    </section>
  );
}
