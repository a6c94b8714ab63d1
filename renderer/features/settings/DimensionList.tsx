import { hasValues, type DimensionDraft } from './dimension-draft';
import { useI18n } from '../../i18n/useI18n';
import { useSettingsStore } from './settingsStore';
import { Icon } from '../../common/Icon';
import { dimensionTitle } from './labels';
import { usePick } from '../../common/usePick';

/** The dimensions in labeling order; ↑ ↓ reorder, a click selects one for editing. */
export function DimensionList() {
  const { t } = useI18n();
  const { drafts, selectedKey, addDimension } = usePick(useSettingsStore, 'drafts', 'selectedKey', 'addDimension');
  return (
    <div className="dimension-list-pane">
      <ol className="dimension-list" aria-label={t('settings.dimensions.title')}>
        {drafts.map((draft, index) => (
          <DimensionRow key={draft.key} draft={draft} index={index} last={index === drafts.length - 1} selected={draft.key === selectedKey} />
        ))}
      </ol>
      <button type="button" className="add-row-button" data-testid="dimension-add" onClick={addDimension}>
        <Icon name="plus" size={14} />
        {t('settings.addDimension')}
      </button>
    </div>
  );
}

function DimensionRow({ draft, index, last, selected }: { draft: DimensionDraft; index: number; last: boolean; selected: boolean }) {
  const { t, locale } = useI18n();
  const select = useSettingsStore((s) => s.select);
  const move = useSettingsStore((s) => s.moveDimension);
  const issues = useSettingsStore((s) => s.issues[draft.key]);
  const refused = useSettingsStore((s) => s.saveErrorKey === draft.key);
  const title = dimensionTitle(locale, draft.name);
  const changed = draft.savedName === null;

  let summary: string;
  if (hasValues(draft.type)) summary = t('settings.summary.values', { count: draft.options.length });
  else if (draft.type === 'numeric') summary = t('settings.summary.range', { min: draft.min || '?', max: draft.max || '?' });
  else summary = t('settings.summary.structured');

  return (
    <li
      className={selected ? 'dimension-row selected' : 'dimension-row'}
      data-testid="dimension-row"
      data-name={draft.name}
      data-invalid={issues || refused ? 'true' : undefined}
    >
      <button
        type="button"
        className="dimension-row-main"
        aria-current={selected ? 'true' : undefined}
        onClick={() => select(draft.key)}
        onKeyDown={(event) => {
          if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
            event.preventDefault();
            move(draft.key, event.key === 'ArrowUp' ? -1 : 1);
          }
        }}
        title={t('settings.reorderHint')}
      >
        <span className="dimension-order">{index + 1}</span>
        <span className="dimension-text">
          <span className="dimension-name-line">
            <span className="dimension-name mono">{draft.name || t('settings.unnamed')}</span>
            {title ? <span className="dimension-title">{title}</span> : null}
          </span>
          <span className="dimension-summary">
            <span className={`type-tag type-${draft.type}`}>{t(`settings.type.${draft.type}`)}</span>
            <span className="scope-tag">{t(`settings.scope.${draft.scope}`)}</span>
            <span className="muted">{summary}</span>
          </span>
        </span>
        {issues || refused ? (
          <span className="row-issue" title={issues ? t('settings.problems', { count: issues.length }) : t('settings.saveFailed')}>
            <Icon name="alert" size={14} />
          </span>
        ) : changed ? (
          <span className="badge">{t('settings.new')}</span>
        ) : null}
      </button>
      <span className="row-reorder">
        <button type="button" className="icon-button small" disabled={index === 0} aria-label={t('settings.moveUp')} title={t('settings.moveUp')} onClick={() => move(draft.key, -1)}>
          <Icon name="arrowUp" size={14} />
        </button>
        <button type="button" className="icon-button small" disabled={last} aria-label={t('settings.moveDown')} title={t('settings.moveDown')} onClick={() => move(draft.key, 1)}>
          <Icon name="arrowDown" size={14} />
        </button>
      </span>
    </li>
  );
}
