import { IMPORT_FORMATS, IMPORT_KINDS, type ImportFormat, type ImportKind } from '../../../shared/domain/schemas';
import { isDesktop } from '../../api/transport';
import { useI18n } from '../../i18n/useI18n';
import { useImportStore } from './importStore';
import { Icon } from '../../common/Icon';

export const IMPORT_FORM_ID = 'import-form';

const formatBytes = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function ImportForm() {
  const { t, label } = useI18n();
  const kind = useImportStore((s) => s.kind);
  const format = useImportStore((s) => s.format);
  const file = useImportStore((s) => s.file);
  const path = useImportStore((s) => s.path);
  const setKind = useImportStore((s) => s.setKind);
  const setFormat = useImportStore((s) => s.setFormat);
  const system = useImportStore((s) => s.system);
  const setSystem = useImportStore((s) => s.setSystem);
  const judge = useImportStore((s) => s.judge);
  const mapping = useImportStore((s) => s.mapping);
  const setMapping = useImportStore((s) => s.setMapping);
  const setJudge = useImportStore((s) => s.setJudge);
  const setFile = useImportStore((s) => s.setFile);
  const pickPath = useImportStore((s) => s.pickPath);
  const start = useImportStore((s) => s.start);
  const desktop = isDesktop();

  return (
    <form
      id={IMPORT_FORM_ID}
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <div className="form-row">
        <label className="field">
          <span className="field-label">{t('import.kind')}</span>
          <select className="select" value={kind} autoFocus data-testid="import-kind" onChange={(event) => setKind(event.target.value as ImportKind)}>
            {IMPORT_KINDS.map((value) => (
              <option key={value} value={value}>
                {label('importKind', value)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t('import.format')}</span>
          <select className="select" value={format} data-testid="import-format" onChange={(event) => setFormat(event.target.value as ImportFormat)}>
            {IMPORT_FORMATS.map((value) => (
              <option key={value} value={value}>
                {label('importFormat', value)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="field-hint">{t(`import.hint.${kind}`)}</p>
      {format === 'mapped' ? (
        <label className="field">
          <span className="field-label">{t('import.mapping')}</span>
          <input
            className="input mono"
            value={mapping}
            placeholder="query=question,referenceAnswer=ideal"
            data-testid="import-mapping"
            onChange={(event) => setMapping(event.target.value)}
          />
          <span className="field-hint">{t('import.mappingHint')}</span>
        </label>
      ) : null}
      {kind === 'judge' ? (
        <fieldset className="field judge-fields" data-testid="import-judge">
          <legend className="field-label">{t('import.judge')}</legend>
          <div className="form-row three">
            {(['model', 'version', 'promptVersion'] as const).map((key) => (
              <label className="field" key={key}>
                <span className="field-label">{t(key === 'model' ? 'import.judgeModel' : key === 'version' ? 'import.judgeVersion' : 'import.promptVersion')}</span>
                <input className="input" value={judge[key]} data-testid={`import-judge-${key}`} onChange={(event) => setJudge({ [key]: event.target.value })} />
              </label>
            ))}
          </div>
          <span className="field-hint">{t('import.judgeHint')}</span>
        </fieldset>
      ) : null}
      {kind === 'cases' || kind === 'judge' ? (
        <label className="field">
          <span className="field-label">{t('import.system')}</span>
          <input
            className="input"
            value={system}
            placeholder="imported"
            data-testid="import-system"
            onChange={(event) => setSystem(event.target.value)}
          />
          <span className="field-hint">{t('import.systemHint')}</span>
        </label>
      ) : null}

      <div className="field">
        <span className="field-label">{t('import.file')}</span>
        <div className="file-picker">
          {desktop ? (
            <button type="button" className="button" onClick={() => void pickPath()} data-testid="import-pick-path">
              <Icon name="open" /> {t('import.chooseFile')}
            </button>
          ) : null}
          <label className={desktop ? 'visually-hidden' : 'button file-button'}>
            <Icon name="open" /> {t('import.chooseFile')}
            <input
              type="file"
              className="visually-hidden"
              accept=".jsonl,.json,.ndjson,.csv,.txt"
              data-testid="import-file-input"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </label>
          <span className={file || path ? 'file-name' : 'file-name muted'} data-testid="import-file-name">
            {file ? (
              <>
                <span className="mono">{file.name}</span> <span className="muted">{formatBytes(file.size)}</span>
              </>
            ) : path ? (
              <span className="mono">{path}</span>
            ) : (
              t('import.noFile')
            )}
          </span>
        </div>
      </div>
      <p className="note">{t('import.allOrNothing')}</p>
    </form>
  );
}
