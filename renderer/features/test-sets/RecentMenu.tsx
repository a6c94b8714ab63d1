import { useDropdownMenu } from '../../common/useDropdownMenu';
import { useI18n } from '../../i18n/useI18n';
import { useTestSetStore } from './testSetStore';
import { Icon } from '../../common/Icon';
import { usePick } from '../../common/usePick';

/** The recent files, as a small drop-down menu in the top bar. */
export function RecentMenu() {
  const { t } = useI18n();
  const { recent, current, busy, openRecent, refreshRecent } = usePick(useTestSetStore, 'recent', 'current', 'busy', 'openRecent', 'refreshRecent');
  const { open, setOpen, root, button } = useDropdownMenu();

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
