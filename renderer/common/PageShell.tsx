import { useLayoutEffect, useRef, type ReactNode } from 'react';
import './pages.css';

interface PageShellProps {
  testId: string;
  title: string;
  subtitle: string;
  /** Beside the title: toolbar, tabs or buttons. */
  aside?: ReactNode;
  /** `wide` for tables and charts, `full` for side-by-side panes. */
  width?: 'normal' | 'wide' | 'full';
  busy?: boolean;
  className?: string;
  /** Dialogs: rendered outside the scrolling column. */
  overlays?: ReactNode;
  /**
   * Where the page was scrolled is kept under this key for the session and given back when the page opens
   * again with it (a screen left for a case opened from it, then come back to).
   */
  scrollKey?: string;
  children: ReactNode;
}

const scrolledTo = new Map<string, number>();

/** The frame of a full-screen page: a scrolling, centred column with the page's title, subtitle and header controls. */
export function PageShell({ testId, title, subtitle, aside, width = 'normal', busy, className, overlays, scrollKey, children }: PageShellProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const page = ref.current;
    if (!page || scrollKey === undefined) return;
    const kept = scrolledTo.get(scrollKey);
    if (kept !== undefined) page.scrollTop = kept;
    const keep = () => scrolledTo.set(scrollKey, page.scrollTop);
    page.addEventListener('scroll', keep, { passive: true });
    return () => page.removeEventListener('scroll', keep);
  }, [scrollKey]);
  return (
    <div ref={ref} className={className ? `${className} page-scroll` : 'page-scroll'} data-testid={testId} aria-busy={busy}>
      <div className={width === 'normal' ? 'screen-page' : `screen-page ${width}`}>
        <header className="page-header">
          <div>
            <h1 className="page-title">{title}</h1>
            <p className="page-subtitle">{subtitle}</p>
          </div>
          {aside}
        </header>
        {children}
      </div>
      {overlays}
    </div>
  );
}
