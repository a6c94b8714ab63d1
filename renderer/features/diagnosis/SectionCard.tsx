import type { ReactNode } from 'react';

/** One layer's card on the Diagnosis page. */
export function SectionCard({ id, title, subtitle, children }: { id: string; title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="page-card dx-section" data-testid={`diagnosis-section-${id}`} aria-labelledby={`dx-${id}-title`}>
      <header className="card-head">
        <div className="card-title-block">
          <h2 className="card-title" id={`dx-${id}-title`}>{title}</h2>
          <p className="card-subtitle">{subtitle}</p>
        </div>
      </header>
      {children}
    </section>
  );
}

/** A named figure with its explanation. */
export function Figure({ label, hint, children, testId }: { label: string; hint: string; children: ReactNode; testId?: string }) {
  return (
    <div className="dx-figure" data-testid={testId}>
      <div className="dx-figure-label">{label}</div>
      <div className="dx-figure-value">{children}</div>
      <p className="dx-figure-hint muted">{hint}</p>
    </div>
  );
}
