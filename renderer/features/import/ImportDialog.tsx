import { Modal } from '../../common/Modal';
import { useI18n } from '../../i18n/useI18n';
import { ImportFiles, IMPORT_FORM_ID } from './ImportFiles';
import { ImportSummary } from './ImportSummary';
import { toWrite, useImportStore } from './importStore';
import { usePick } from '../../common/usePick';

/** Import: several files at once, each kind detected and shown, written in dependency order with one summary. */
export function ImportDialog() {
  const open = useImportStore((s) => s.open);
  return open ? <ImportDialogBody /> : null;
}

function ImportDialogBody() {
  const { t } = useI18n();
  const { phase, files } = usePick(useImportStore, 'phase', 'files');
  const close = useImportStore((s) => s.closeDialog);
  const startOver = useImportStore((s) => s.startOver);
  const writable = toWrite(files).length;
  const waiting = files.some((f) => f.status === 'inspecting' || (f.status === 'ready' && f.kind === null && !f.importedBefore));

  const footer = phase === 'finished' ? (
    <>
      <button type="button" className="button" onClick={startOver} data-testid="import-again">
        {t('import.again')}
      </button>
      <button type="button" className="button primary" onClick={close} autoFocus data-testid="import-close">
        {t('common.close')}
      </button>
    </>
  ) : (
    <>
      <button type="button" className="button" onClick={close}>
        {phase === 'running' ? t('common.close') : t('common.cancel')}
      </button>
      <button type="submit" form={IMPORT_FORM_ID} className="button primary" disabled={phase !== 'choose' || writable === 0 || waiting} data-testid="import-start">
        {t('import.startFiles', { count: writable })}
      </button>
    </>
  );

  return (
    <Modal title={t('import.title')} onClose={close} closeLabel={t('common.close')} testId="import-dialog" footer={footer} width="wide">
      {phase === 'choose' ? <ImportFiles /> : <ImportSummary />}
    </Modal>
  );
}
