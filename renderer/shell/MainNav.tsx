import { useEffect, useRef, useState } from 'react';
import type { MessageKey } from '../i18n';
import { useI18n } from '../i18n/useI18n';
import { useNavigationStore, VIEWS, type View } from './navigationStore';
import { usePick } from '../common/usePick';

const LABELS: Record<View, MessageKey> = { cases: 'nav.cases', label: 'labeling.nav', report: 'nav.report', agreement: 'agreement.nav', retrieval: 'retrieval.nav', review: 'calibration.nav.review', anchors: 'calibration.nav.anchors', diagnosis: 'diagnosis.nav', data: 'data.nav', settings: 'nav.settings' };

/** The long names a laptop-width top bar shortens (shell.css switches at the width where they stop fitting). */
const SHORT_LABELS: Partial<Record<View, MessageKey>> = { agreement: 'nav.short.agreement', data: 'nav.short.data' };

/**
 * Which ends of the navigation hide screens, in a window too narrow for all of them (it scrolls
 * sideways there, shell.css): those ends fade, so a screen out of sight is not a screen that is not there.
 */
function useHiddenEnds(locale: string) {
  const ref = useRef<HTMLElement>(null);
  const [ends, setEnds] = useState({ start: false, end: false });
  // the names of another language are another width: looked at again
  useEffect(() => {
    const nav = ref.current;
    if (!nav) return;
    const look = () => {
      // a pixel of slack: a scroll position can be fractional
      const start = nav.scrollLeft > 1;
      const end = nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 1;
      setEnds((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    look();
    nav.addEventListener('scroll', look, { passive: true });
    const resized = new ResizeObserver(look);
    resized.observe(nav);
    return () => {
      nav.removeEventListener('scroll', look);
      resized.disconnect();
    };
  }, [locale]);
  return { ref, ends };
}

export function MainNav() {
  const { t, locale } = useI18n();
  const { view, setView } = usePick(useNavigationStore, 'view', 'setView');
  const { ref, ends } = useHiddenEnds(locale);

  // the open screen is kept in sight (a narrow window scrolls the navigation)
  useEffect(() => {
    ref.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [view, ref]);

  return (
    <nav ref={ref} className="main-nav" aria-label={t('nav.label')} data-hidden-start={ends.start || undefined} data-hidden-end={ends.end || undefined}>
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
