import { useEffect } from 'react';
import { useI18n } from '../../i18n/useI18n';
import { useAnchorStore } from './anchorStore';
import { useTestSetStore } from '../test-sets/testSetStore';
import { ErrorDetails } from '../../common/ErrorDetails';
import { Icon } from '../../common/Icon';
import { PageShell } from '../../common/PageShell';
import { AnchorDetail } from './AnchorDetail';
import { AnchorImportDialog } from './AnchorImportDialog';
import { AnchorList } from './AnchorList';
import { FreezeDialog } from './FreezeDialog';
import '../calibration/calibration.css';
import { usePick } from '../../common/usePick';

/** SPEC workflow 7: anchor sets — freeze adjudicated items, export, import, and check a judge run for drift. */
export function AnchorsView() {
  const { t } = useI18n();
  const testSetId = useTestSetStore((s) => s.current?.testSetId ?? null);
  const { init, listError } = usePick(useAnchorStore, 'init', 'listError');
  const freezeOpen = useAnchorStore((s) => s.freeze !== null);
  const { importOpen, openFreeze, openImport } = usePick(useAnchorStore, 'importOpen', 'openFreeze', 'openImport');

  useEffect(() => {
    void init(testSetId);
  }, [init, testSetId]);

  return (
    <PageShell
      testId="anchors-view"
      className="cal-view"
      width="full"
      title={t('calibration.anchors.title')}
      subtitle={t('calibration.anchors.subtitle')}
      overlays={
        <>
          {freezeOpen ? <FreezeDialog /> : null}
          {importOpen ? <AnchorImportDialog /> : null}
        </>
      }
      aside={
        <div className="cal-header-actions">
          <button type="button" className="button" data-testid="anchor-import" onClick={() => openImport(true)}>
            <Icon name="import" />
            {t('calibration.anchors.import')}
          </button>
          <button type="button" className="button primary" data-testid="anchor-freeze" onClick={() => void openFreeze()}>
            <Icon name="plus" />
            {t('calibration.anchors.freeze')}
          </button>
        </div>
      }
    >
      {listError ? (
        <div className="inline-error cal-error">
          <ErrorDetails error={listError} testId="anchors-error" />
        </div>
      ) : null}
      <div className="cal-anchors">
        <AnchorList />
        <AnchorDetail />
      </div>
    </PageShell>
  );
}
