import { useI18n } from '../../i18n/useI18n';
import { CaseLinks } from './CaseLinks';
import { LayerStatus } from './LayerStatus';
import { useLayers } from './layersStore';
import { SectionCard } from './SectionCard';
import type { DiagnosisSectionProps } from './sections';

/** Permission leaks, first on the page and never averaged in: each leaking response with its case and the documents' scopes (never their text). */
export function PermissionSection({ system, report }: DiagnosisSectionProps) {
  const { t, num } = useI18n();
  const { layers, error } = useLayers(system, report);
  const p = layers?.permission;
  const leaking = layers?.lists['permission.leakingResponses'] ?? 0;
  return (
    <SectionCard id="permission" title={t('dxdata.permission.title')} subtitle={t('dxdata.permission.sub')}>
      {!p ? (
        <LayerStatus error={error} />
      ) : leaking === 0 ? (
        <p className="dx-verdict dx-ok" data-testid="dx-leaks-none">{t('dxdata.permission.none', { responses: num(p.responses) })}</p>
      ) : (
        <div className="dx-leak-alert" role="alert" data-testid="dx-leaks">
          <p className="dx-verdict">{t('dxdata.permission.count', { responses: num(leaking), chunks: num(p.leakedChunks) })}</p>
          <CaseLinks
            refs={p.leakingResponses}
            list={{ part: 'layers', name: 'permission.leakingResponses' }}
            testId="dx-leak-cases"
            note={(leak) => {
              const chunks = leak.chunks.map((c) => t('dxdata.permission.chunk', { docId: c.docId, scope: c.documentScope.join(', ') })).join('; ');
              return leak.restrictedCase ? `${t('dxdata.permission.restricted')} · ${chunks}` : chunks;
            }}
          />
        </div>
      )}
      {p && p.scopeUnknownChunks > 0 ? <p className="muted">{t('dxdata.permission.unknown', { chunks: num(p.scopeUnknownChunks), responses: num(p.scopeUnknownResponses) })}</p> : null}
    </SectionCard>
  );
}
