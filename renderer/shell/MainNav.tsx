import type { MessageKey } from '../i18n';
import { useI18n } from '../i18n/useI18n';
import { useNavigationStore, VIEWS, type View } from './navigationStore';
import { usePick } from '../common/usePick';

const LABELS: Record<View, MessageKey> = { cases: 'nav.cases', label: 'labeling.nav', report: 'nav.report', agreement: 'agreement.nav', retrieval: 'retrieval.nav', review: 'calibration.nav.review', anchors: 'calibration.nav.anchors', diagnosis: 'diagnosis.nav', data: 'data.nav', settings: 'nav.settings' };

/** The long names a laptop-width top bar shortens (shell.css switches at the width where they stop fitting). */
const SHORT_LABELS: Partial<Record<View, MessageKey>> = { agreement: 'nav.short.agreement', data: 'nav.short.data' };

export function MainNav() {
  const { t } = useI18n();
  const { view, setView } = usePick(useNavigationStore, 'view', 'setView');
  return (
    <nav className="main-nav" aria-label={t('nav.label')}>
      {VIEWS.map((name) => {
        const short = SHORT_LABELS[name];
        return (
          <button
            key={name}
            type="button"
            className={name === view ? 'nav-tab active' : 'nav-tab'}
            aria-current={name === view ? 'page' : undefined}
            title={short ? t(LABELS[name]) : undefined}
            data-testid={`nav-${name}`}
            onClick={() => setView(name)}
          >
            {short ? (
              <>
                <span className="nav-full">{t(LABELS[name])}</span>
                <span className="nav-short" aria-hidden="true">{t(short)}</span>
              </>
            ) : (
              t(LABELS[name])
            )}
          </button>
        );
      })}
    </nav>
  );
}
