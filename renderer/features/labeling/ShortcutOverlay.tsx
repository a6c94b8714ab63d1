import { useI18n } from '../../i18n/useI18n';
import { dimensionOf, useLabelingStore } from './labelingStore';
import type { MessageKey } from '../../i18n';
import { optionKeys, TOGGLE_KEYS } from './keymap';
import { CLAIMS_STATED } from '../../../shared/diagnosis/claims-stated';

const ROWS: { keys: string[]; label: MessageKey }[] = [
  { keys: ['1', '…', '9'], label: 'labeling.help.choose' },
  { keys: ['Enter'], label: 'labeling.help.confirm' },
  { keys: ['J', 'K', '→', '←'], label: 'labeling.help.cases' },
  { keys: ['↓', '↑'], label: 'labeling.help.steps' },
  { keys: ['U'], label: 'labeling.help.undo' },
  { keys: ['Shift+U'], label: 'labeling.help.redo' },
  { keys: ['H'], label: 'labeling.help.history' },
  { keys: ['0', '.', '7', 'Enter'], label: 'labeling.help.numeric' },
  { keys: ['N', 'Alt+↑', 'Alt+↓'], label: 'labeling.help.claims' },
  { keys: ['A', '1', '…', '9'], label: 'labeling.help.attach' },
  { keys: ['F'], label: 'labeling.help.find' },
  { keys: ['Shift+←', 'Shift+→', 'Ctrl+Shift+←', 'Ctrl+Shift+→'], label: 'labeling.help.select' },
  { keys: ['W'], label: 'labeling.help.sweep' },
  { keys: ['1', '…', '0', 'Q', '…', 'P', 'Enter'], label: 'labeling.help.multi' },
  { keys: ['?'], label: 'labeling.help.help' },
  { keys: ['Esc'], label: 'labeling.help.close' },
];

/** On "claims this answer states" its own keys come first, and the rows whose keys mean something else there are left out. */
const STATED_ROWS: { keys: string[]; label: MessageKey }[] = [
  { keys: ['1', '…', '9', '0', ...TOGGLE_KEYS.slice(10).map((key) => key.toUpperCase())], label: 'labeling.help.stated.toggle' },
  { keys: ['A'], label: 'labeling.help.stated.all' },
  { keys: ['N'], label: 'labeling.help.stated.none' },
  { keys: ['S', 'D', 'C'], label: 'labeling.help.stated.citation' },
  { keys: ['Enter'], label: 'labeling.help.stated.save' },
];
const NOT_ON_STATED = new Set<MessageKey>(['labeling.help.choose', 'labeling.help.confirm', 'labeling.help.numeric', 'labeling.help.claims', 'labeling.help.attach', 'labeling.help.multi']);

/** The keys that answer a step with these values: all of them when few, else first … last. */
function answerKeys(values: readonly (string | number)[]): string[] {
  const keys = optionKeys(values).filter(Boolean);
  return keys.length <= 3 ? keys : [keys[0], '…', keys[keys.length - 1]];
}

/** "?": every key of the labeling screen. Esc or ? closes it. */
export function ShortcutOverlay() {
  const { t } = useI18n();
  const open = useLabelingStore((s) => s.helpOpen);
  const toggle = useLabelingStore((s) => s.toggleHelp);
  // the answer keys of the step on screen (0 … 2 for a 0–2 scale), not a fixed 1 … 9
  const stepDimension = useLabelingStore((s) => s.item?.steps[s.stepIndex]?.dimension ?? null);
  const dimensions = useLabelingStore((s) => s.dimensions);
  if (!open) return null;
  const values = stepDimension ? dimensionOf(dimensions, stepDimension)?.options.map((o) => o.value) : undefined;
  const rows =
    stepDimension === CLAIMS_STATED
      ? [...STATED_ROWS, ...ROWS.filter((row) => !NOT_ON_STATED.has(row.label))]
      : ROWS.map((row) => (row.label === 'labeling.help.choose' && values?.length ? { ...row, keys: answerKeys(values) } : row));
  return (
    <div className="shortcut-backdrop" onMouseDown={() => toggle(false)}>
      <section
        className="shortcut-overlay"
        role="dialog"
        aria-modal="true"
        aria-label={t('labeling.help.title')}
        data-testid="shortcut-overlay"
        onMouseDown={(event) => event.stopPropagation()}
      >
        <header className="shortcut-header">
          <h2>{t('labeling.help.title')}</h2>
          <kbd>Esc</kbd>
        </header>
        <dl className="shortcut-list">
          {rows.map((row) => (
            <div key={row.label} className="shortcut-row">
              <dt>
                {row.keys.map((key, index) => (key === '…' ? <span key={index} className="muted"> … </span> : <kbd key={index}>{key}</kbd>))}
              </dt>
              <dd>{t(row.label)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
