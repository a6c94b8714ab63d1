import { useDropdownMenu } from '../../common/useDropdownMenu';
import { useI18n } from '../../i18n/useI18n';
import { useReviewerStore } from './reviewerStore';
import { useTestSetStore } from '../test-sets/testSetStore';
import { Icon } from '../../common/Icon';
import { ReviewerDialog } from './ReviewerDialog';
import { initials } from './initials';
import '../labeling/labeling.css';
import { usePick } from '../../common/usePick';

/**
 * The current reviewer, always in the top bar; one click opens the list of
 * reviewers and "New reviewer…" (the reviewers of a test set are loaded when
 * it opens; see reviewerStore).
 */
export function ReviewerMenu() {
  const { t } = useI18n();
  const testSetId = useTestSetStore((s) => s.current?.testSetId ?? null);
  const { reviewers, current, choose, openDialog, refresh } = usePick(useReviewerStore, 'reviewers', 'current', 'choose', 'openDialog', 'refresh');
  const { open, setOpen, root, button } = useDropdownMenu();

  if (!testSetId) return null;

  return (
    <>
      <div className="menu-root reviewer-root" ref={root}>
        <button
          ref={button}
          type="button"
          className={current ? 'toolbar-button reviewer-button' : 'toolbar-button reviewer-button none'}
          aria-haspopup="menu"
          aria-expanded={open}
          title={t('reviewer.menuTitle')}
          data-testid="reviewer-menu"
          onClick={() => {
            if (!open) void refresh();
            setOpen(!open);
          }}
        >
          <span className="reviewer-avatar" aria-hidden="true">{current ? initials(current.name) : '?'}</span>
          <span className="reviewer-name" data-testid="reviewer-name">{current ? current.name : t('reviewer.none')}</span>
          <Icon name="chevron" size={12} />
        </button>
        {open ? (
          <div className="menu reviewer-menu" role="menu" aria-label={t('reviewer.menuLabel')}>
            <div className="menu-heading">{t('reviewer.menuLabel')}</div>
            {reviewers.map((reviewer) => (
              <button
                key={reviewer.id}
                type="button"
                role="menuitemradio"
                aria-checked={reviewer.id === current?.id}
                className={reviewer.id === current?.id ? 'menu-item reviewer-item current' : 'menu-item reviewer-item'}
                data-testid="reviewer-option"
                data-reviewer-id={reviewer.id}
                onClick={() => {
                  setOpen(false);
                  choose(reviewer);
                }}
              >
                <span className="reviewer-avatar small" aria-hidden="true">{initials(reviewer.name)}</span>
                <span className="menu-item-name">{reviewer.name}</span>
              </button>
            ))}
            <div className="menu-separator" role="separator" />
            <button
              type="button"
              role="menuitem"
              className="menu-item reviewer-item"
              data-testid="reviewer-new"
              onClick={() => {
                setOpen(false);
                openDialog(true);
              }}
            >
              <span className="reviewer-avatar small add" aria-hidden="true">+</span>
              <span className="menu-item-name">{t('reviewer.new')}</span>
            </button>
          </div>
        ) : null}
      </div>
      <span className="toolbar-divider" aria-hidden="true" />
      <ReviewerDialog />
    </>
  );
}
