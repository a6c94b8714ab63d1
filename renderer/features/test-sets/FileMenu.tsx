import { useDropdownMenu } from '../../common/useDropdownMenu';
import { useI18n } from '../../i18n/useI18n';
import { useTestSetStore } from './testSetStore';
import { useNewTestSetStore } from '../first-run/newTestSetStore';
import { Icon, type IconName } from '../../common/Icon';
import { usePick } from '../../common/usePick';

/**
 * File: New / Open / Demo and the recent files in one top-bar menu, the same actions as the desktop
 * File menu; one button keeps the top bar inside a laptop window. ↑/↓ move between the items, Esc closes.
 */
export function FileMenu() {
  const { t } = useI18n();
  const { recent, current, busy, requestOpen, openDemo, openRecent, refreshRecent } = usePick(
    useTestSetStore, 'recent', 'current', 'busy', 'requestOpen', 'openDemo', 'openRecent', 'refreshRecent',
  );
  const requestCreate = useNewTestSetStore((s) => s.show);
  const { open, setOpen, root, button } = useDropdownMenu();

  const action = (testId: string, icon: IconName, label: string, title: string, run: () => void) => (
    <button
      type="button"
      role="menuitem"
      className="menu-item file-item"
      disabled={busy}
      title={title}
      data-testid={testId}
      onClick={() => {
        setOpen(false);
        run();
      }}
    >
      <Icon name={icon} />
      <span className="menu-item-name">{label}</span>
    </button>
  );

  return (
    <div className="menu-root file-root" ref={root}>
      <button
        ref={button}
        type="button"
        className="toolbar-button file-button"
        aria-haspopup="menu"
        aria-expanded={open}
        title={t('file.menuTitle')}
        data-testid="file-menu"
        onClick={() => {
          if (!open) void refreshRecent();
          setOpen(!open);
        }}
      >
        <Icon name="file" />
        <span>{t('file.menu')}</span>
        <Icon name="chevron" size={12} />
      </button>
      {open ? (
        <div className="menu file-menu" role="menu" aria-label={t('file.group')}>
          {action('file-new', 'new', t('file.new'), t('file.newTitle'), () => void requestCreate())}
          {action('file-open', 'open', t('file.open'), t('file.openTitle'), () => void requestOpen())}
          {action('file-demo', 'demo', t('file.demo'), t('file.demoTitle'), () => void openDemo())}
          <div className="menu-separator" role="separator" />
          <div className="menu-heading">{t('file.recentTitle')}</div>
          {recent.length === 0 ? <div className="menu-empty">{t('file.recentEmpty')}</div> : null}
          {recent.map((file) => (
            <button
              key={file.path}
              type="button"
              role="menuitem"
              className={file.path === current?.path ? 'menu-item current-file' : 'menu-item'}
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
