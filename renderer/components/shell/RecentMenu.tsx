import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { useTestSetStore } from '../../stores/testSetStore';
import { Icon } from '../common/Icon';

/** The recent files, as a small drop-down menu in the top bar. */
export function RecentMenu() {
  const { t } = useI18n();
  const recent = useTestSetStore((s) => s.recent);
  const current = useTestSetStore((s) => s.current);
  const busy = useTestSetStore((s) => s.busy);
  const openRecent = useTestSetStore((s) => s.openRecent);
  const refreshRecent = useTestSetStore((s) => s.refreshRecent);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const first = root.current?.querySelector<HTMLButtonElement>('.menu-item:not(:disabled)');
    first?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const items = [...(root.current?.querySelectorAll<HTMLButtonElement>('.menu-item:not(:disabled)') ?? [])];
        if (items.length === 0) return;
        event.preventDefault();
        const at = items.indexOf(document.activeElement as HTMLButtonElement);
        const next = event.key === 'ArrowDown' ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
        items[next].focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open]);

  return (
    <div className="menu-root" ref={root}>
      <button
        ref={button}
        type="button"
        className="toolbar-button"
        aria-haspopup="menu"
        aria-expanded={open}
        title={t('file.recentTitle')}
        data-testid="file-recent"
        onClick={() => {
          if (!open) void refreshRecent();
          setOpen(!open);
        }}
      >
        <Icon name="recent" />
        <span>{t('file.recent')}</span>
        <Icon name="chevron" size={12} />
      </button>
      {open ? (
        <div className="menu" role="menu" aria-label={t('file.recentTitle')}>
          {recent.length === 0 ? <div className="menu-empty">{t('file.recentEmpty')}</div> : null}
          {recent.map((file) => (
            <button
              key={file.path}
              type="button"
              role="menuitem"
              className={file.path === current?.path ? 'menu-item current' : 'menu-item'}
              disabled={!file.exists || busy}
              title={file.exists ? file.path : `${file.path} — ${t('file.recentMissing')}`}
              data-testid="recent-file"
              onClick={() => {
                setOpen(false);
                void openRecent(file.path);
              }}
            >
              <span className="menu-item-name">{file.name}</span>
              <span className="menu-item-path">{file.exists ? file.path : t('file.recentMissing')}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
