import { useEffect, useRef } from 'react';
import { ErrorDetails } from '../../common/ErrorDetails';
import { FolderField } from '../../common/FolderField';
import { Modal } from '../../common/Modal';
import { useI18n } from '../../i18n/useI18n';
import { targetPath, useNewTestSetStore } from './newTestSetStore';

/** "New test set": type a name, Enter; the file goes into the folder shown (changeable). */
export function NewTestSetDialog() {
  const open = useNewTestSetStore((s) => s.open);
  if (!open) return null;
  return <NewTestSetBody />;
}

function NewTestSetBody() {
  const { t } = useI18n();
  const nameInput = useRef<HTMLInputElement>(null);
  // after the dialog has opened (showModal moves focus to its first control), the name takes the keyboard
  useEffect(() => nameInput.current?.focus(), []);
  const state = useNewTestSetStore();
  const path = targetPath(state);
  const formId = 'new-test-set-form';
  return (
    <Modal
      title={t('newFile.title')}
      onClose={state.close}
      closeLabel={t('common.close')}
      testId="new-test-set-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={state.close}>
            {t('common.cancel')}
          </button>
          <button type="submit" form={formId} className="button primary" disabled={state.busy || !state.name.trim()} data-testid="new-test-set-create">
            {state.busy ? t('path.busy') : t('path.submitCreate')}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void state.submit();
        }}
      >
        <label className="field">
          <span className="field-label">{t('newFile.name')}</span>
          <input
            type="text"
            className="input"
            ref={nameInput}
            value={state.name}
            spellCheck={false}
            autoComplete="off"
            maxLength={200}
            placeholder={t('newFile.namePlaceholder')}
            data-testid="new-test-set-name"
            onChange={(event) => state.setName(event.target.value)}
          />
          <span className="field-hint mono" data-testid="new-test-set-path">{path ?? t('newFile.nameHint')}</span>
        </label>
        <FolderField
          label={t('newFile.folder')}
          hint={t('newFile.folderHint')}
          value={state.folder}
          testId="new-test-set-folder"
          onChange={state.setFolder}
          onPick={() => void state.pickFolder()}
        />
        {state.error ? <ErrorDetails error={state.error} testId="new-test-set-error" /> : null}
      </form>
    </Modal>
  );
}
