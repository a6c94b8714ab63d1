import { ApiError, type Handlers } from '../../shared/api/contract';
import type { diagnosisOps } from '../../shared/api/diagnosis-ops';
import { diagnosisSettings, saveDiagnosisSettings, setCaseLeak } from '../../db/diagnosis';
import { listSystems } from '../../db/label-reports';
import type { Db } from '../../db/open';
import { text as say } from '../../shared/messages/text';
import { storedCases } from './page-figures';
import { pageHalf, pageWorkerOf, readProgressOf } from './page-jobs';

export type DiagnosisHandlers = Pick<Handlers, keyof typeof diagnosisOps>;

export function createDiagnosisHandlers(db: () => Db): DiagnosisHandlers {
  return {
    'diagnosis.systems': () => listSystems(db()),
    'diagnosis.report': ({ system }) => pageHalf(db(), system, 'report'),
    'diagnosis.cases': (ask) => storedCases(db(), ask) ?? pageWorkerOf(db()).ask({ op: 'cases', ask }),
    'diagnosis.progress': ({ system }) => readProgressOf(db(), system),
    'diagnosis.settings': () => diagnosisSettings(db()),
    'diagnosis.saveSettings': ({ settings }) => saveDiagnosisSettings(db(), settings),
    'cases.setLeak': ({ caseId, leak }) => {
      if (!setCaseLeak(db(), caseId, leak)) throw new ApiError('not-found', say('err.case.unknown', { id: caseId }), { file: 'cases.setLeak', line: null, field: 'caseId' });
      return { caseId, leak };
    },
  };
}
