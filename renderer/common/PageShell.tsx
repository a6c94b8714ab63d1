import type { ReactNode } from 'react';
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
  children: ReactNode;
}

/** The frame of a full-screen page: a scrolling, centred column with the page's title, subtitle and header controls. */
export function PageShell({ testId, title, subtitle, aside, width = 'normal', busy, className, overlays, children }: PageShellProps) {
  return (
    <div className={className ? `${className} page-scroll` : 'page-scroll'} data-testid={testId} aria-busy={busy}>
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
