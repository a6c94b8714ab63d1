import { formatBytes } from '../features/calibration/format';
import { useI18n } from '../i18n/useI18n';

interface ExportedFile {
  name: string;
  path: string;
  bytes: number;
  sha256: string;
}

/** The files an export wrote, with their size and sha256 (to compare with what the recipient computes). */
export function ExportedFiles({ files, testId }: { files: readonly ExportedFile[]; testId: string }) {
  const { t, locale } = useI18n();
  return (
    <table className="cal-table cal-files">
      <thead>
        <tr>
          <th>{t('calibration.export.file')}</th>
          <th className="num">{t('calibration.export.size')}</th>
          <th>sha256</th>
        </tr>
      </thead>
      <tbody>
        {files.map((f) => (
          <tr key={f.path} data-testid={testId} data-name={f.name} data-sha256={f.sha256}>
            <td className="mono" title={f.path}>{f.name}</td>
            <td className="num">{formatBytes(locale, f.bytes)}</td>
            <td className="mono cal-sha" data-testid={`${testId}-sha256`}>{f.sha256}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
