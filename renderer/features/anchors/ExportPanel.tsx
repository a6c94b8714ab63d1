import { useI18n } from '../../i18n/useI18n';
import { useAnchorStore } from './anchorStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { ExportedFiles } from '../../common/ExportedFiles';
import { FolderField } from '../../common/FolderField';
import { Icon } from '../../common/Icon';
import { usePick } from '../../common/usePick';

/** Export the selected version to a folder (anchors.jsonl + manifest.json), optionally also as a .zip. */
export function ExportPanel() {
  const { t } = useI18n();
  const { selected, outDir, zip, exporting } = usePick(useAnchorStore, 'selected', 'outDir', 'zip', 'exporting');
  const result = useAnchorStore((s) => s.exportResult);
  const error = useAnchorStore((s) => s.exportError);
  const { setOutDir, pickOutDir, setZip, exportSelected } = usePick(useAnchorStore, 'setOutDir', 'pickOutDir', 'setZip', 'exportSelected');
  const files = result ? [...result.files, ...(result.zip ? [result.zip] : [])] : [];

  return (
    <form
      className="cal-card cal-export"
      onSubmit={(event) => {
        event.preventDefault();
        void exportSelected();
      }}
    >
      <div className="cal-card-head">
        <h3 className="cal-card-title">{t('calibration.export.title')}</h3>
        {selected ? <span className="cal-hint mono">{selected.name} v{selected.version}</span> : null}
      </div>
      <p className="cal-hint">{t('calibration.export.hint')}</p>
      <FolderField label={t('calibration.export.folder')} value={outDir} testId="anchor-export-dir" onChange={setOutDir} onPick={() => void pickOutDir()} />
      <div className="cal-form-row">
        <label className="cal-check">
          <input type="checkbox" checked={zip} data-testid="anchor-export-zip" onChange={(event) => setZip(event.target.checked)} />
          {t('calibration.export.zip')}
        </label>
        <button type="submit" className="button primary" data-testid="anchor-export" disabled={!outDir.trim() || exporting || !selected}>
          {exporting ? t('calibration.export.running') : t('calibration.export.button')}
        </button>
      </div>
      {error ? (
        <div className="cal-result error" data-status="refused">
          <p className="cal-result-title"><Icon name="alert" size={14} /> {t('data.export.failed')}</p>
          <ErrorDetails error={error} testId="anchor-export-error" />
        </div>
      ) : null}
      {result ? (
        <div className="cal-result" data-testid="anchor-export-result">
          <p className="cal-result-title">
            {t('calibration.export.done', { dir: result.dir })}
          </p>
          <ExportedFiles files={files} testId="anchor-export-file" />
        </div>
      ) : null}
    </form>
  );
}
