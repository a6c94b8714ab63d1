import { useEffect, useState } from 'react';
import type { OpOutput } from '../../../shared/api/contract';
import { invoke } from '../../api/transport';
import type { MessageKey } from '../../i18n';
import { useI18n } from '../../i18n/useI18n';

type Progress = OpOutput<'diagnosis.progress'>;

// often enough to see the count move, rarely enough to cost nothing beside a read of seconds
const LOOK_MS = 400;

/**
 * While the page waits on a read of the file (seconds at 100,000 responses, more the first time after
 * an import), what it is reading and how far it has come; a page answered at once shows the plain line.
 */
export function ReadProgressNote({ system }: { system: string }) {
  const { t, num } = useI18n();
  const [progress, setProgress] = useState<Progress>(null);

  useEffect(() => {
    // another system's read is not this one's
    setProgress(null);
    let live = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const look = async () => {
      try {
        const now = await invoke('diagnosis.progress', { system });
        if (live) setProgress(now);
      } catch {
        // the page's own ask says what went wrong
      }
      if (live) timer = setTimeout(() => void look(), LOOK_MS);
    };
    void look();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [system]);

  if (!progress) return <p className="muted">{t('diagnosis.loading')}</p>;
  const counted = progress.total > 0;
  return (
    <div className="dx-read-progress" data-testid="diagnosis-read-progress" data-step={progress.step}>
      <p className="muted" aria-live="polite">{t(`diagnosis.read.${progress.step}` as MessageKey, { done: num(progress.done), total: num(progress.total) })}</p>
      {counted ? (
        <div className="progress-track" role="progressbar" aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.done}>
          <div className="progress-fill" style={{ width: `${((100 * progress.done) / progress.total).toFixed(1)}%` }} />
        </div>
      ) : null}
    </div>
  );
}
