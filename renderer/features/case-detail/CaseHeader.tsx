import type { CaseRecord } from '../../../shared/domain/schemas';
import { useI18n } from '../../i18n/useI18n';
import { EnumChip } from '../../common/EnumChip';
import { visibleId } from '../../common/bidi';

export function CaseHeader({ record }: { record: CaseRecord }) {
  const { t } = useI18n();
  return (
    <header className="case-header">
      <div className="case-header-id">
        <span className="eyebrow">{t('detail.query')}</span>
        <span className="mono muted" data-testid="detail-case-id">{visibleId(record.id)}</span>
      </div>
      <h1 className="case-query" data-testid="detail-query">{record.query}</h1>
      <div className="chip-row">
        {record.answerability ? <EnumChip kind="answerability" value={record.answerability} /> : null}
        {record.questionType ? <EnumChip kind="questionType" value={record.questionType} quiet /> : null}
        {record.slices.map((slice) => (
          <EnumChip key={slice} kind="slice" value={slice} quiet />
        ))}
      </div>
    </header>
  );
}
