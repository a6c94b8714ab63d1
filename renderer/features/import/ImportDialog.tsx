import { useI18n } from '../../i18n/useI18n';
import { useImportStore } from './importStore';
import { Modal } from '../../common/Modal';
import { ImportForm, IMPORT_FORM_ID } from './ImportForm';
import { ImportOutcome } from './ImportOutcome';
import { ImportProgress } from './ImportProgress';

export function ImportDialog() {
  const open = useImportStore((s) => s.open);
  return open ? <ImportDialogBody /> : null;
}

function ImportDialogBody() {
  const { t } = useI18n();
  const status = useImportStore((s) => s.status);
  const ready = useImportStore((s) => s.file !== null || s.path !== null);
  const close = useImportStore((s) => s.closeDialog);
  const startOver = useImportStore((s) => s.startOver);
  const busy = status === 'uploading' || status === 'running';
  const finished = status === 'done' || status === 'failed';

  const footer = finished ? (
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
        {busy ? t('common.close') : t('common.cancel')}
      </button>
      <button type="submit" form={IMPORT_FORM_ID} className="button primary" disabled={!ready || busy} data-testid="import-start">
        {t('import.start')}
      </button>
    </>
  );

  return (
    <Modal title={t('import.title')} onClose={close} closeLabel={t('common.close')} testId="import-dialog" footer={footer} width="wide">
      {finished ? <ImportOutcome /> : busy ? <ImportProgress /> : <ImportForm />}
    </Modal>
  );
}
