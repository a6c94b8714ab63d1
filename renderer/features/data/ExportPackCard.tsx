import { useI18n } from '../../i18n/useI18n';
import { useDataStore } from './dataStore';
import { useReviewerStore } from '../reviewers/reviewerStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { ExportedFiles } from '../../common/ExportedFiles';
import { Icon } from '../../common/Icon';
import { FolderField } from '../../common/FolderField';
import { usePick } from '../../common/usePick';

/** The current reviewer's label pack to a folder: labels.jsonl + manifest.json, each with its sha256. */
export function ExportPackCard() {
  const { t } = useI18n();
  const reviewer = useReviewerStore((s) => s.current);
  const openReviewerDialog = useReviewerStore((s) => s.openDialog);
  const dir = useDataStore((s) => s.exportDir);
  const exporting = useDataStore((s) => s.exporting);
  const result = useDataStore((s) => s.exportResult);
  const error = useDataStore((s) => s.exportError);
  const setDir = useDataStore((s) => s.setExportDir);
  const { pickFolder, exportPack } = usePick(useDataStore, 'pickFolder', 'exportPack');

  return (
    <form
      className="cal-card data-card"
      data-testid="pack-export"
      onSubmit={(event) => {
        event.preventDefault();
        if (reviewer) void exportPack(reviewer.id);
      }}
    >
      <div className="cal-card-head">
        <h2 className="cal-card-title">{t('data.export.title')}</h2>
      </div>
      <p className="cal-hint">{t('data.export.hint')}</p>
      <div className="data-reviewer">
        <span className="field-label">{t('data.export.reviewer')}</span>
        {reviewer ? (
          <strong data-testid="pack-export-reviewer">{reviewer.name}</strong>
        ) : (
          <span className="data-reviewer-missing">
            <span className="muted">{t('data.export.noReviewer')}</span>
            <button type="button" className="button small" onClick={() => openReviewerDialog()}>
              {t('data.export.chooseReviewer')}
            </button>
          </span>
        )}
      </div>
      <FolderField
        label={t('data.export.folder')}
        hint={t('data.export.folderHint')}
        value={dir}
        testId="pack-export-dir"
        onChange={setDir}
        onPick={() => void pickFolder('exportFolder')}
      />
      <div className="data-actions">
        <button type="submit" className="button primary" data-testid="pack-export-submit" disabled={!reviewer || !dir.trim() || exporting}>
          <Icon name="arrowRight" />
          {exporting ? t('data.export.running') : t('data.export.button')}
        </button>
      </div>
      {error ? (
        <div className="cal-result error" data-status="refused">
          <p className="cal-result-title"><Icon name="alert" size={14} /> {t('data.export.failed')}</p>
          <ErrorDetails error={error} testId="pack-export-error" />
        </div>
      ) : null}
      {result ? (
        <div className="cal-result ok" data-testid="pack-export-result" data-count={result.eventCount}>
          <p className="cal-result-title">
            <Icon name="check" size={14} /> {t('data.export.done', { count: result.eventCount, reviewer: result.reviewer, dir: result.dir })}
          </p>
          <ExportedFiles files={result.files} testId="pack-export-file" />
        </div>
      ) : null}
    </form>
  );
}
