interface PageTabsProps<T extends string> {
  label: string;
  tabs: readonly { name: T; label: string }[];
  active: T;
  testIdPrefix: string;
  onSelect(name: T): void;
}

/** The segmented tabs in a page header (Review, Team & backups). */
export function PageTabs<T extends string>({ label, tabs, active, testIdPrefix, onSelect }: PageTabsProps<T>) {
  return (
    <div className="cal-tabs" role="tablist" aria-label={label}>
      {tabs.map(({ name, label: tabLabel }) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={active === name}
          className={active === name ? 'cal-tab active' : 'cal-tab'}
          data-testid={`${testIdPrefix}${name}`}
          onClick={() => onSelect(name)}
        >
          {tabLabel}
        </button>
      ))}
    </div>
  );
}
