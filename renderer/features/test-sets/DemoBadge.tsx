import { useState } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { Modal } from '../../common/Modal';
import { useTestSetStore } from './testSetStore';
import { usePick } from '../../common/usePick';

/** The "demo data" badge beside the demo's name: it says what the file is and offers to build it afresh. */
export function DemoBadge() {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const { busy, resetDemo } = usePick(useTestSetStore, 'busy', 'resetDemo');
  return (
    <>
      <button type="button" className="badge demo-badge" title={t('demo.badgeTitle')} data-testid="demo-badge" onClick={() => setAsking(true)}>
        {t('testSet.demo')}
      </button>
      {asking ? (
        <Modal
          title={t('demo.reset.title')}
          onClose={() => setAsking(false)}
          closeLabel={t('common.close')}
          testId="demo-reset-dialog"
          footer={
            <>
              <button type="button" className="button" onClick={() => setAsking(false)}>{t('common.cancel')}</button>
              <button
                type="button"
                className="button danger"
                data-testid="demo-reset-confirm"
                disabled={busy}
                onClick={() => void resetDemo().then((done) => done && setAsking(false))}
              >
                {busy ? t('demo.reset.working') : t('demo.reset.confirm')}
              </button>
            </>
          }
        >
          <p>{t('demo.reset.what')}</p>
          <p>{t('demo.reset.body')}</p>
        </Modal>
      ) : null}
    </>
  );
}
