import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../server/backend';
import type { CaseDetail } from '../../shared/api/contract';
import type { LabelingItem } from '../../shared/api/labeling-ops';
import type { Claim } from '../../shared/domain/schemas';
import { smallLabelingSet } from '../helpers/labeling-set';
import { useTempDir } from '../helpers/temp-dir';

type Envelope = { ok: true; value: unknown } | { ok: false; error: { message: string } };

async function call<T>(backend: Backend, name: string, input: unknown): Promise<T> {
  const envelope = (await backend.dispatch(name, input)) as Envelope;
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value as T;
}

const claim = (text: string, quote = '30 天内可申请退款'): Claim => ({ text, evidence: [{ docId: 'refund-policy', quote }] });

describe('the Cases view shows what a case says now: the expert edit when uncontested, the imported value beside it', () => {
  const tempDir = useTempDir();

  it('one expert edit is shown as an edit by them; an agreeing second expert joins it; a differing one leaves the imported value until the lead settles', async () => {
    const dir = tempDir();
    const opened = await smallLabelingSet(dir);
    opened.db.close();
    const backend = await createBackend({ dataDir: join(dir, 'data'), mode: 'browser', version: 'test', initialTestSet: opened.file });
    try {
      const ada = (await call<{ id: number }>(backend, 'reviewers.create', { name: 'Ada' })).id;
      const bo = (await call<{ id: number }>(backend, 'reviewers.create', { name: 'Bo' })).id;
      const cy = (await call<{ id: number }>(backend, 'reviewers.create', { name: 'Cy' })).id;
      const record = (reviewerId: number, caseId: string, dimension: string, value: unknown) =>
        call(backend, 'labels.record', { reviewerId, caseId, responseId: null, dimension, value });
      const detail = (id: string) => call<CaseDetail>(backend, 'cases.get', { id });

      const before = await detail('c1');
      expect(before.settled).toEqual({ claims: null, referenceAnswer: null });
      const imported = before.case.claims;

      const edited = [...imported, claim('按剩余天数折算', '按剩余天数折算退款金额')];
      await record(ada, 'c1', 'claims', edited);
      const one = await detail('c1');
      expect(one.settled?.claims).toMatchObject({ value: edited, by: 'Ada', source: 'edit', note: null });
      expect(one.case.claims).toEqual(imported);

      // the same claims (offsets aside) from Bo: one version, both hold it
      await record(bo, 'c1', 'claims', edited.map((c) => ({ text: `${c.text} `, evidence: c.evidence })));
      expect((await detail('c1')).settled?.claims).toMatchObject({ by: 'Ada, Bo', source: 'edit' });

      // Cy differs: a conflict, the imported claims stand until the lead settles it
      await record(cy, 'c1', 'claims', [claim('一个月内可以退款')]);
      expect((await detail('c1')).settled?.claims).toBeNull();

      // a reference answer set to the imported text (spaces aside) is no edit
      expect(before.case.referenceAnswer).toBe('30 天内可退款');
      await record(ada, 'c1', 'referenceAnswer', ' 30 天内可退款 ');
      expect((await detail('c1')).settled?.referenceAnswer).toBeNull();
      await record(ada, 'c1', 'referenceAnswer', '购买后 30 天内可以退款，按天折算。');
      expect((await detail('c1')).settled?.referenceAnswer).toMatchObject({ value: '购买后 30 天内可以退款，按天折算。', by: 'Ada', source: 'edit' });

      // labeling stays blind to other experts' edits: a new reviewer is not offered Ada's reference answer or claims
      const dee = (await call<{ id: number }>(backend, 'reviewers.create', { name: 'Dee' })).id;
      const item = await call<LabelingItem>(backend, 'labeling.item', { reviewerId: dee, caseId: 'c1' });
      expect(item.detail.settled).toEqual({ claims: null, referenceAnswer: null });
      expect(item.steps.find((s) => s.dimension === 'claims')?.suggestion ?? null).not.toEqual(edited);
    } finally {
      await backend.close();
    }
  });
});
