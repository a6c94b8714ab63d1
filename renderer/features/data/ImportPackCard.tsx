import { useI18n } from '../../i18n/useI18n';
import { useDataStore } from './dataStore';
import { fileNameOf } from './backupText';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Icon } from '../../common/Icon';
import { FolderField } from '../../common/FolderField';
import { usePick } from '../../common/usePick';

/** The lead merges a reviewer's pack: verified first (manifest, sha256, same test set), a backup, then only new events. */
export function ImportPackCard() {
  const { t, num } = useI18n();
  const dir = useDataStore((s) => s.importDir);
  const importing = useDataStore((s) => s.importing);
  const result = useDataStore((s) => s.importResult);
  const error = useDataStore((s) => s.importError);
  const setDir = useDataStore((s) => s.setImportDir);
  const { pickFolder, importPack, setTab } = usePick(useDataStore, 'pickFolder', 'importPack', 'setTab');

  return (
    <form
      className="cal-card data-card"
      data-testid="pack-import"
      onSubmit={(event) => {
        event.preventDefault();
        void importPack();
      }}
    >
      <div className="cal-card-head">
        <h2 className="cal-card-title">{t('data.import.title')}</h2>
      </div>
      <p className="cal-hint">{t('data.import.hint')}</p>
      <FolderField
        label={t('data.import.folder')}
        value={dir}
        testId="pack-import-dir"
        onChange={setDir}
        onPick={() => void pickFolder('importFolder')}
      />
      <div className="data-actions">
        <button type="submit" className="button primary" data-testid="pack-import-submit" disabled={!dir.trim() || importing}>
          <Icon name="import" />
          {importing ? t('data.import.running') : t('data.import.button')}
        </button>
      </div>
      {error ? (
        <div className="cal-result error" data-testid="pack-import-result" data-status="refused">
          <p className="cal-result-title"><Icon name="alert" size={14} /> {t('data.import.refused')}</p>
          <ErrorDetails error={error} testId="pack-import-error" />
        </div>
      ) : null}
      {result ? (
        <div className="cal-result ok" data-testid="pack-import-result" data-status="merged" data-added={result.added} data-present={result.alreadyPresent}>
          <p className="cal-result-title">
            <Icon name="check" size={14} /> {t('data.import.done', { reviewer: result.reviewer })}
            {result.reviewerCreated ? <span className="badge">{t('data.import.newReviewer')}</span> : null}
          </p>
          <dl className="data-facts">
            <div>
              <dt>{t('data.import.events')}</dt>
              <dd data-testid="pack-import-events">{num(result.eventCount)}</dd>
            </div>
            <div>
              <dt>{t('data.import.added')}</dt>
              <dd data-testid="pack-import-added">{num(result.added)}</dd>
            </div>
            <div>
              <dt>{t('data.import.present')}</dt>
              <dd data-testid="pack-import-present">{num(result.alreadyPresent)}</dd>
            </div>
            {result.backupPath ? (
              <div className="wide">
                <dt>{t('data.import.backup')}</dt>
                <dd className="mono" title={result.backupPath}>{fileNameOf(result.backupPath)}</dd>
              </div>
            ) : null}
          </dl>
          {result.conflictsOpened > 0 ? (
            <p className="data-conflicts-note" data-testid="pack-import-conflicts">
              <Icon name="alert" size={14} />
              <span>{t('data.import.conflicts', { count: result.conflictsOpened })}</span>
              <button type="button" className="button small" onClick={() => setTab('conflicts')}>
                {t('data.import.showConflicts')}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
