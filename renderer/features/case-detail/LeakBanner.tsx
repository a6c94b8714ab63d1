import type { CaseDetail } from '../../../shared/api/contract';
import { useI18n } from '../../i18n/useI18n';
import { Icon } from '../../common/Icon';

/**
 * A case answered with content from outside its access scope: which responses, which documents
 * and their scopes (never the other tenant's text). For a restricted case it is the mark the
 * permission layer asks for: the answer may have told the user what they may not see.
 */
export function LeakBanner({ detail }: { detail: CaseDetail }) {
  const { t } = useI18n();
  const leaks = detail.permissionLeaks ?? [];
  if (leaks.length === 0) return null;
  const restricted = detail.case.answerability === 'restricted';
  return (
    <div className={restricted ? 'leak-banner restricted' : 'leak-banner'} role="alert" data-testid="leak-banner" data-restricted={restricted ? 'yes' : 'no'}>
      <Icon name="alert" size={16} />
      <div className="leak-banner-text">
        <strong>{t(restricted ? 'detail.leak.restricted' : 'detail.leak.title', { count: leaks.length })}</strong>
        <ul>
          {leaks.map((leak) => (
            <li key={leak.responseId} data-testid="leak-response" data-response-id={leak.responseId}>
              <span className="mono">{leak.system}</span>{' '}
              {t('detail.leak.chunks', {
                // one mention per document and scope, however many of its chunks were in the context
                docs: [...new Set(leak.chunks.map((c) => t('detail.leak.doc', { docId: c.docId, scope: c.documentScope.join(', ') || '—' })))].join('; '),
              })}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
