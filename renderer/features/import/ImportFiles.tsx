import { Fragment, useState } from 'react';
import { IMPORT_FORMATS, isAppendedKind, WIZARD_KINDS, type ImportFormat, type WizardKind } from '../../../shared/domain/schemas';
import { isDesktop } from '../../api/transport';
import { Icon } from '../../common/Icon';
import { useI18n } from '../../i18n/useI18n';
import { inWritingOrder, useImportStore, type ImportFile } from './importStore';
import { usePick } from '../../common/usePick';

export const IMPORT_FORM_ID = 'import-form';

/** A labels or adjudications export is JSON Lines or CSV, told apart by its content: no other format applies. */
const APPENDED_FORMATS: readonly ImportFormat[] = ['auto', 'jsonl', 'csv'];

/** Step one: drop or choose several files; each shows what it holds (editable) before anything is written. */
export function ImportFiles() {
  const { t } = useI18n();
  const { files, system, setSystem, addFiles, pickPath, start } = usePick(useImportStore, 'files', 'system', 'setSystem', 'addFiles', 'pickPath', 'start');
  const [dragging, setDragging] = useState(false);
  const ordered = inWritingOrder(files);
  const external = files.some((f) => f.kind === 'judge' || (f.kind === 'cases' && (f.format === 'ragas' || f.format === 'deepeval' || f.detected?.format === 'ragas' || f.detected?.format === 'deepeval')));

  return (
    <form
      id={IMPORT_FORM_ID}
      className="form import-wizard"
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <div
        className={dragging ? 'drop-zone dragging' : 'drop-zone'}
        data-testid="import-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void addFiles([...event.dataTransfer.files]);
        }}
      >
        <Icon name="open" size={20} />
        <span>{t('import.dropHere')}</span>
        {isDesktop() ? (
          <button type="button" className="button" onClick={() => void pickPath()} data-testid="import-pick-path">
            {t('import.chooseFiles')}
          </button>
        ) : (
          <label className="button file-button">
            {t('import.chooseFiles')}
            <input
              type="file"
              multiple
              autoFocus
              className="visually-hidden"
              accept=".jsonl,.json,.ndjson,.csv,.tsv,.txt"
              data-testid="import-file-input"
              onChange={(event) => {
                void addFiles([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
          </label>
        )}
      </div>

      {ordered.length > 0 ? (
        <table className="import-files" data-testid="import-files">
          <thead>
            <tr>
              <th>{t('import.order')}</th>
              <th>{t('import.kind')}</th>
              <th>{t('import.format')}</th>
              <th aria-label={t('import.remove')} />
            </tr>
          </thead>
          <tbody>
            {ordered.map((file, index) => (
              <Fragment key={file.id}>
                <FileRow file={file} position={index + 1} />
                <FileDetails file={file} />
              </Fragment>
            ))}
          </tbody>
        </table>
      ) : null}

      {external ? (
        <label className="field">
          <span className="field-label">{t('import.system')}</span>
          <input className="input" value={system} placeholder="imported" data-testid="import-system" onChange={(event) => setSystem(event.target.value)} />
          <span className="field-hint">{t('import.systemHint')}</span>
        </label>
      ) : null}
      <p className="note">{t('import.allOrNothing')}</p>
    </form>
  );
}

function FileRow({ file, position }: { file: ImportFile; position: number }) {
  const { t, label, locale } = useI18n();
  const { setKind, setFormat, removeFile } = usePick(useImportStore, 'setKind', 'setFormat', 'removeFile');
  const skipped = file.importedBefore !== null;
  let note: string;
  if (file.status === 'inspecting') note = t('import.inspecting');
  else if (file.importedBefore?.runId) note = t('import.alreadyImportedRun', { run: file.importedBefore.runId });
  else if (file.importedBefore) {
    note = t('import.alreadyImported', { file: file.importedBefore.fileName, date: new Date(file.importedBefore.importedAt).toLocaleDateString(locale) });
  } else if (file.kind === null) note = t('import.notDetected');
  else if (file.detected?.kind === file.kind) note = t('import.detected');
  else note = t('import.chosen');
  return (
    <tr className={skipped ? 'import-file skipped' : 'import-file'} data-testid="import-file-row" data-file={file.name} data-kind={file.kind ?? ''} data-skipped={skipped}>
      <td>
        <span className="import-file-position" aria-hidden="true">{position}</span>
        <span className="import-file-name mono">{file.name}</span>
        <span className={file.kind === null && !skipped && file.status !== 'inspecting' ? 'import-file-note warn' : 'import-file-note'} data-testid="import-file-note">{note}</span>
      </td>
      <td>
        <select
          className="select"
          value={file.kind ?? ''}
          disabled={skipped || file.status === 'inspecting'}
          data-testid="import-kind"
          aria-label={t('import.kind')}
          onChange={(event) => setKind(file.id, event.target.value as WizardKind)}
        >
          {file.kind === null ? <option value="">{t('import.chooseKind')}</option> : null}
          {WIZARD_KINDS.map((value) => <option key={value} value={value}>{label('importKind', value)}</option>)}
        </select>
      </td>
      <td>
        <select
          className="select"
          value={file.format}
          disabled={skipped || file.status === 'inspecting'}
          data-testid="import-format"
          aria-label={t('import.format')}
          onChange={(event) => setFormat(file.id, event.target.value as ImportFormat)}
        >
          {(file.kind && isAppendedKind(file.kind) ? APPENDED_FORMATS : IMPORT_FORMATS).map((value) => <option key={value} value={value}>{label('importFormat', value)}</option>)}
        </select>
      </td>
      <td>
        <button type="button" className="icon-button" aria-label={t('import.remove')} title={t('import.remove')} onClick={() => removeFile(file.id)}>
          <Icon name="close" size={14} />
        </button>
      </td>
    </tr>
  );
}

/** What a file needs beyond its kind before it is written: the judge of a results file, the columns of a mapped one. */
function FileDetails({ file }: { file: ImportFile }) {
  const { t } = useI18n();
  const { setJudge, setMapping } = usePick(useImportStore, 'setJudge', 'setMapping');
  const judge = file.kind === 'judge' && !file.importedBefore;
  const mapped = file.format === 'mapped' && !file.importedBefore;
  if (!judge && !mapped) return null;
  return (
    <tr className="import-file-details" data-file={file.name}>
      <td colSpan={4}>
        {mapped ? (
          <label className="field">
            <span className="field-label">{t('import.mapping')}</span>
            <input
              className="input mono"
              value={file.mapping}
              placeholder="query=question,referenceAnswer=ideal"
              data-testid="import-mapping"
              onChange={(event) => setMapping(file.id, event.target.value)}
            />
            <span className="field-hint">{t('import.mappingHint')}</span>
          </label>
        ) : null}
        {judge ? (
          <fieldset className="field judge-fields" data-testid="import-judge">
            <legend className="field-label">{t('import.judge')}</legend>
            <div className="form-row three">
              {(['model', 'version', 'promptVersion'] as const).map((key) => (
                <label className="field" key={key}>
                  <span className="field-label">{t(key === 'model' ? 'import.judgeModel' : key === 'version' ? 'import.judgeVersion' : 'import.promptVersion')}</span>
                  <input className="input" value={file.judge[key]} data-testid={`import-judge-${key}`} onChange={(event) => setJudge(file.id, { [key]: event.target.value })} />
                </label>
              ))}
            </div>
            <span className="field-hint">{t('import.judgeHint')}</span>
          </fieldset>
        ) : null}
      </td>
    </tr>
  );
}
