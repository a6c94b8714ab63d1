import { useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { useReviewerStore } from './reviewerStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Icon } from '../../common/Icon';
import { useNavigationStore } from '../../shell/navigationStore';
import { initials } from './initials';
import { usePick } from '../../common/usePick';

/**
 * "Who is labeling?": pick a reviewer of this test set or add one (a name, no
 * password). A card under the reviewer menu rather than a blocking modal, so
 * the rest of the app stays usable while it is open.
 */
export function ReviewerDialog() {
  const open = useReviewerStore((s) => s.dialogOpen);
  if (!open) return null;
  return <ReviewerDialogBody />;
}

function ReviewerDialogBody() {
  const { t } = useI18n();
  const { reviewers, current, loaded } = usePick(useReviewerStore, 'reviewers', 'current', 'loaded');
  const startWithCreate = useReviewerStore((s) => s.dialogCreate);
  const { creating, error, choose, create } = usePick(useReviewerStore, 'creating', 'error', 'choose', 'create');
  const close = useReviewerStore((s) => s.closeDialog);
  const { suggestedName, continueAsSuggested } = usePick(useReviewerStore, 'suggestedName', 'continueAsSuggested');
  const [name, setName] = useState('');
  const suggestion = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (suggestion.current) suggestion.current.focus();
    else if (startWithCreate || reviewers.length === 0) input.current?.focus();
    else list.current?.querySelector<HTMLButtonElement>('button')?.focus();
    // focus once, when the card opens
  }, []);

  // a card over the screen it was opened on: moving to another screen closes it, it never covers that one
  useEffect(() => useNavigationStore.subscribe((state, previous) => {
    if (state.view !== previous.view) close();
  }), [close]);

  return (
    <section
      className="reviewer-dialog"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="reviewer-dialog"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          close();
        }
      }}
    >
      <header className="reviewer-dialog-header">
        <h2 id={titleId}>{t('reviewer.dialogTitle')}</h2>
        <button type="button" className="icon-button" onClick={close} aria-label={t('common.close')} title={t('common.close')}>
          <Icon name="close" />
        </button>
      </header>
      <p className="reviewer-dialog-body">{t('reviewer.dialogBody')}</p>
      {!loaded ? <p className="muted">{t('reviewer.loading')}</p> : null}
      {suggestedName ? (
        <div className="reviewer-suggestion">
          <button
            ref={suggestion}
            type="button"
            className="button primary"
            disabled={creating}
            data-testid="reviewer-continue-as"
            onClick={() => void continueAsSuggested()}
          >
            <span className="reviewer-avatar small" aria-hidden="true">{initials(suggestedName)}</span>
            {t('reviewer.continueAs', { name: suggestedName })}
          </button>
          <span className="field-hint">{t('reviewer.continueHint')}</span>
        </div>
      ) : null}
      {reviewers.length > 0 ? (
        <>
          <div className="field-label">{t('reviewer.existing')}</div>
          <ul className="reviewer-choices" ref={list}>
            {reviewers.map((reviewer) => (
              <li key={reviewer.id}>
                <button
                  type="button"
                  className={reviewer.id === current?.id ? 'reviewer-choice current' : 'reviewer-choice'}
                  data-testid="reviewer-choice"
                  onClick={() => choose(reviewer)}
                >
                  <span className="reviewer-avatar" aria-hidden="true">{initials(reviewer.name)}</span>
                  <span className="reviewer-choice-name">{reviewer.name}</span>
                  {reviewer.id === current?.id ? <span className="badge">{t('reviewer.current')}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <form
        className="reviewer-create"
        onSubmit={(event) => {
          event.preventDefault();
          void create(name).then((ok) => {
            if (ok) setName('');
          });
        }}
      >
        <label className="field">
          <span className="field-label">{t('reviewer.newName')}</span>
          <input
            ref={input}
            type="text"
            className="input"
            value={name}
            maxLength={80}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('reviewer.newNamePlaceholder')}
            data-testid="reviewer-new-name"
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        {error ? <ErrorDetails error={error} testId="reviewer-error" /> : null}
        <div className="reviewer-dialog-actions">
          <button type="button" className="button" onClick={close}>
            {t('reviewer.later')}
          </button>
          <button type="submit" className="button primary" disabled={creating || !name.trim()} data-testid="reviewer-create">
            {creating ? t('reviewer.creating') : t('reviewer.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
