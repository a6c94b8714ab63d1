import type { MessageKey } from '../i18n';
import { useI18n } from '../i18n/useI18n';
import { useNavigationStore, VIEWS, type View } from './navigationStore';
import { usePick } from '../common/usePick';

const LABELS: Record<View, MessageKey> = { cases: 'nav.cases', label: 'labeling.nav', report: 'nav.report', agreement: 'agreement.nav', retrieval: 'retrieval.nav', review: 'calibration.nav.review', anchors: 'calibration.nav.anchors', diagnosis: 'diagnosis.nav', data: 'data.nav', settings: 'nav.settings' };

export function MainNav() {
  const { t } = useI18n();
  const { view, setView } = usePick(useNavigationStore, 'view', 'setView');
  return (
    <nav className="main-nav" aria-label={t('nav.label')}>
      {VIEWS.map((name) => (
        <button
          key={name}
          type="button"
          className={name === view ? 'nav-tab active' : 'nav-tab'}
          aria-current={name === view ? 'page' : undefined}
          data-testid={`nav-${name}`}
          onClick={() => setView(name)}
        >
          {t(LABELS[name])}
        </button>
      ))}
    </nav>
  );
}
