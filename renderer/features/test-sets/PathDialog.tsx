import { useState } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { useTestSetStore, type PathPrompt } from './testSetStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Modal } from '../../common/Modal';
import { usePick } from '../../common/usePick';

/** Browser mode's stand-in for the native open dialog: type a path, or pick a recent one. */
export function PathDialog() {
  const prompt = useTestSetStore((s) => s.pathPrompt);
  if (!prompt) return null;
  return <PathDialogBody key={prompt.purpose} prompt={prompt} />;
}

function PathDialogBody({ prompt }: { prompt: PathPrompt }) {
  const { t } = useI18n();
  const { recent, submitPath } = usePick(useTestSetStore, 'recent', 'submitPath');
  const close = useTestSetStore((s) => s.closePathPrompt);
  const [path, setPath] = useState('');
  const formId = 'path-dialog-form';

  return (
    <Modal
      title={t('path.openTitle')}
      onClose={close}
      closeLabel={t('common.close')}
      testId="path-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" form={formId} className="button primary" disabled={prompt.busy || !path.trim()} data-testid="path-submit">
            {prompt.busy ? t('path.busy') : t('path.submitOpen')}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submitPath(path);
        }}
      >
        <label className="field">
          <span className="field-label">{t('path.label')}</span>
          <input
            type="text"
            className="input mono"
            value={path}
            autoFocus
            spellCheck={false}
            autoComplete="off"
            placeholder={t('path.placeholder')}
            data-testid="path-input"
            onChange={(event) => setPath(event.target.value)}
          />
          <span className="field-hint">{t('path.openHint')}</span>
        </label>
        {prompt.error ? <ErrorDetails error={prompt.error} testId="path-error" /> : null}
        {recent.length > 0 ? (
          <div className="recent-paths">
            <div className="field-label">{t('path.recent')}</div>
            <ul>
              {recent.map((file) => (
                <li key={file.path}>
                  <button
                    type="button"
                    className="recent-path"
                    title={t('path.useRecent')}
                    disabled={!file.exists}
                    onClick={() => setPath(file.path)}
                    onDoubleClick={() => {
                      if (file.exists) void submitPath(file.path);
                    }}
                  >
                    <span className="recent-path-name">{file.name}</span>
                    <span className="recent-path-full mono">{file.exists ? file.path : `${file.path} — ${t('file.recentMissing')}`}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </form>
    </Modal>
  );
}
