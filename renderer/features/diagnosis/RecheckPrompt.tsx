import './diagnosis.css';
import { useI18n } from '../../i18n/useI18n';
import { Icon } from '../../common/Icon';
import { useImportStore } from '../import/importStore';
import { openRecheckQueue } from './recheckQueue';

/** After an import that changed documents: "N cases may need re-checking — open the queue". */
export function RecheckPrompt() {
  const { t, num } = useI18n();
  const recheck = useImportStore((s) => s.recheck);
  const close = useImportStore((s) => s.closeDialog);
  if (!recheck) return null;
  return (
    <div className="recheck-prompt" role="status" data-testid="recheck-prompt" data-count={recheck.caseIds.length}>
      <Icon name="alert" size={14} />
      <span>{t('dxdata.recheck.prompt', { count: num(recheck.caseIds.length), docs: recheck.docIds.join(', ') })}</span>
      <button
        type="button"
        className="button small primary"
        data-testid="recheck-open"
        onClick={() => {
          close();
          openRecheckQueue(recheck.caseIds, recheck.docIds);
        }}
      >
        {t('dxdata.recheck.open')}
      </button>
    </div>
  );
}
