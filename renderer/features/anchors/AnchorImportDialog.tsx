import { useI18n } from '../../i18n/useI18n';
import { useAnchorStore } from './anchorStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { FolderField } from '../../common/FolderField';
import { Icon } from '../../common/Icon';
import { Modal } from '../../common/Modal';
import { usePick } from '../../common/usePick';

/** Import an exported anchor set from a folder: every sha256 is verified first; a tampered set is refused. */
export function AnchorImportDialog() {
  const { t, num } = useI18n();
  const dir = useAnchorStore((s) => s.importDir);
  const importing = useAnchorStore((s) => s.importing);
  const result = useAnchorStore((s) => s.importResult);
  const error = useAnchorStore((s) => s.importError);
  const setDir = useAnchorStore((s) => s.setImportDir);
  const pickDir = useAnchorStore((s) => s.pickImportDir);
  const { importSet, openImport } = usePick(useAnchorStore, 'importSet', 'openImport');
  const close = () => openImport(false);

  return (
    <Modal
      title={t('calibration.import.title')}
      onClose={close}
      closeLabel={t('common.close')}
      testId="anchor-import-dialog"
      width="wide"
      footer={
        <>
          <button type="button" className="button" onClick={close}>{result ? t('common.close') : t('common.cancel')}</button>
          <button type="submit" form="anchor-import-form" className="button primary" data-testid="anchor-import-submit" disabled={!dir.trim() || importing}>
            {importing ? t('calibration.import.running') : t('calibration.import.button')}
          </button>
        </>
      }
    >
      <form
        id="anchor-import-form"
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void importSet();
        }}
      >
        <p className="cal-hint">{t('calibration.import.hint')}</p>
        <FolderField label={t('calibration.import.folder')} value={dir} testId="anchor-import-dir" autoFocus onChange={setDir} onPick={() => void pickDir()} />
        {error ? (
          <div className="cal-result error" data-testid="anchor-import-result" data-status="error">
            <p className="cal-result-title"><Icon name="alert" size={14} /> {t('calibration.import.refused')}</p>
            <ErrorDetails error={error} />
          </div>
        ) : null}
        {result ? (
          <div className="cal-result ok" data-testid="anchor-import-result" data-status={result.created ? 'created' : 'unchanged'}>
            <p className="cal-result-title">
              <Icon name="check" size={14} />{' '}
              {result.created
                ? t('calibration.import.created', { name: result.summary.name, version: result.summary.version, items: num(result.summary.items) })
                : t('calibration.import.unchanged', { name: result.summary.name, version: result.summary.version })}
            </p>
            <p className="cal-hint">{t('calibration.import.verified')}</p>
          </div>
        ) : null}
      </form>
    </Modal>
  );
}
