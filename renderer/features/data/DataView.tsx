import { useEffect } from 'react';
import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';
import { useDataStore, type DataTab } from './dataStore';
import { useTestSetStore } from '../test-sets/testSetStore';
import { PageShell } from '../../common/PageShell';
import { PageTabs } from '../../common/PageTabs';
import { BackupsPanel } from './BackupsPanel';
import { ConflictsPanel } from '../conflicts/ConflictsPanel';
import { PacksPanel } from './PacksPanel';
import { ExportDataPanel } from '../interchange/ExportDataPanel';
import { RestoreDialog } from './RestoreDialog';
import '../calibration/calibration.css';
import './data.css';
import { usePick } from '../../common/usePick';

const TABS: { name: DataTab; label: MessageKey }[] = [
  { name: 'packs', label: 'data.tab.packs' },
  { name: 'exports', label: 'data.tab.exports' },
  { name: 'conflicts', label: 'data.tab.conflicts' },
  { name: 'backups', label: 'data.tab.backups' },
];

/** SPEC workflow 8 and data safety: label packs between copies of a test set, conflicting case edits, backups and restore. */
export function DataView() {
  const { t } = useI18n();
  const testSetId = useTestSetStore((s) => s.current?.testSetId ?? null);
  const { init, tab, setTab } = usePick(useDataStore, 'init', 'tab', 'setTab');
  const confirming = useDataStore((s) => s.confirming !== null);

  useEffect(() => {
    void init(testSetId);
  }, [init, testSetId]);

  return (
    <PageShell
      testId="data-view"
      className="data-view"
      width="wide"
      title={t('data.title')}
      subtitle={t('data.subtitle')}
      aside={
        <PageTabs label={t('data.tabs')} tabs={TABS.map(({ name, label }) => ({ name, label: t(label) }))} active={tab} testIdPrefix="data-tab-" onSelect={setTab} />
      }
      overlays={confirming ? <RestoreDialog /> : null}
    >
      <div role="tabpanel" data-testid={`data-panel-${tab}`}>
        {tab === 'packs' ? <PacksPanel /> : tab === 'exports' ? <ExportDataPanel /> : tab === 'conflicts' ? <ConflictsPanel /> : <BackupsPanel />}
      </div>
    </PageShell>
  );
}
