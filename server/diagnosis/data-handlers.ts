import { affectedCases, documentChanges } from '../../db/affected-cases';
import { layersInput } from '../../db/diagnosis-layers';
import { testSetHealthInput } from '../../db/test-set-health';
import { listSystems } from '../../db/label-reports';
import type { Db } from '../../db/open';
import { applySplits } from '../../db/split-tool';
import { ApiError, type Handlers } from '../../shared/api/contract';
import type { diagnosisDataOps } from '../../shared/api/diagnosis-data-ops';
import { layersReport } from '../../shared/diagnosis/layers-report';
import { testSetHealth } from '../../shared/diagnosis/test-set-health';

export type DiagnosisDataHandlers = Pick<Handlers, keyof typeof diagnosisDataOps>;

export function createDiagnosisDataHandlers(db: () => Db): DiagnosisDataHandlers {
  return {
    'diagnosis.layers': ({ system }) => {
      const d = db();
      if (!listSystems(d).some((s) => s.system === system)) {
        throw new ApiError('not-found', `There are no responses of system "${system}" in this test set.`, { file: 'diagnosis.layers', line: null, field: 'system' });
      }
      return layersReport(layersInput(d, system));
    },
    'diagnosis.health': () => testSetHealth(testSetHealthInput(db())),
    'diagnosis.affected': ({ docId }) => affectedCases(db(), docId),
    'diagnosis.documentChanges': () => documentChanges(db()),
    'diagnosis.assignSplits': ({ unit, holdoutRatio, seed, by }) => {
      const plan = applySplits(db(), unit, holdoutRatio, seed, by);
      return { holdoutCases: plan.holdoutCases, total: plan.assignments.length, units: plan.units, changed: plan.changed };
    },
  };
}
