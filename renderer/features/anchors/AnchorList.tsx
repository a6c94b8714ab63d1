import { formatWhen, groupByName } from '../calibration/format';
import { useI18n } from '../../i18n/useI18n';
import { useAnchorStore } from './anchorStore';
import { dimensionName } from '../agreement/agreementText';
import { usePick } from '../../common/usePick';

/** Every anchor set by name: its versions, when the newest was frozen, and its items per dimension. */
export function AnchorList() {
  const { t, locale, num } = useI18n();
  const { sets, selected, select } = usePick(useAnchorStore, 'sets', 'selected', 'select');

  if (sets === null) {
    return (
      <section className="cal-card cal-anchor-list" aria-busy="true">
        <div className="skeleton skeleton-line wide" />
        <div className="skeleton skeleton-line" />
      </section>
    );
  }
  if (sets.length === 0) {
    return (
      <section className="cal-card cal-anchor-list cal-empty" data-testid="anchors-empty">
        <h2>{t('calibration.anchors.emptyTitle')}</h2>
        <p className="cal-hint">{t('calibration.anchors.emptyHint')}</p>
      </section>
    );
  }

  return (
    <section className="cal-card cal-anchor-list" aria-label={t('calibration.anchors.listTitle')}>
      <table className="cal-table cal-anchor-table">
        <thead>
          <tr>
            <th>{t('calibration.anchors.name')}</th>
            <th>{t('calibration.anchors.versions')}</th>
            <th>{t('calibration.anchors.frozenAt')}</th>
            <th className="num">{t('calibration.anchors.items')}</th>
            <th>{t('calibration.anchors.perDimension')}</th>
          </tr>
        </thead>
        <tbody>
          {groupByName(sets).map(({ name, versions }) => {
            const latest = versions[0];
            const isSelected = selected?.name === name;
            const shown = versions.find((v) => v.version === selected?.version && isSelected) ?? latest;
            return (
              <tr
                key={name}
                className={isSelected ? 'selected' : undefined}
                data-testid="anchor-row"
                data-name={name}
                data-versions={versions.length}
                onClick={() => select(name, shown.version)}
              >
                <td>
                  <button type="button" className="link-button cal-anchor-name mono" onClick={() => select(name, latest.version)}>
                    {name}
                  </button>
                  {latest.origin === 'imported' ? <span className="badge cal-origin">{t('calibration.anchors.imported')}</span> : null}
                </td>
                <td>
                  <span className="cal-versions">
                    {versions.map((v) => (
                      <button
                        key={v.version}
                        type="button"
                        className={isSelected && selected?.version === v.version ? 'cal-version active' : 'cal-version'}
                        data-testid="anchor-version"
                        data-version={v.version}
                        onClick={(event) => {
                          event.stopPropagation();
                          select(name, v.version);
                        }}
                      >
                        v{v.version}
                      </button>
                    ))}
                  </span>
                </td>
                <td className="nowrap">{formatWhen(locale, shown.frozenAt)}</td>
                <td className="num">{num(shown.items)}</td>
                <td>
                  <div className="cal-anchor-dims">
                    {shown.dimensions.map((d) => (
                      <span key={d.dimension} className="chip chip-quiet">
                        {dimensionName(locale, d.dimension)} <strong>{num(d.items)}</strong>
                      </span>
                    ))}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
