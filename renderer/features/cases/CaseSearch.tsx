import { useI18n } from '../../i18n/useI18n';
import { useCasesStore } from './casesStore';
import { CASE_LIST_ID, SEARCH_INPUT_ID } from './domIds';
import { Icon } from '../../common/Icon';
import { usePick } from '../../common/usePick';


export function CaseSearch() {
  const { t } = useI18n();
  const { searchText, setSearchText, clearSearch, move } = usePick(useCasesStore, 'searchText', 'setSearchText', 'clearSearch', 'move');
  return (
    <div className="search-box">
      <Icon name="search" className="search-icon" />
      <input
        id={SEARCH_INPUT_ID}
        type="search"
        className="search-input"
        value={searchText}
        placeholder={t('cases.searchPlaceholder')}
        aria-label={t('cases.searchLabel')}
        spellCheck={false}
        autoComplete="off"
        data-testid="search-input"
        onChange={(event) => setSearchText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            // cleared or not, the keyboard goes back to the list, so the next "/" searches again instead of typing a "/"
            if (searchText) clearSearch();
            event.currentTarget.blur();
            document.getElementById(CASE_LIST_ID)?.focus({ preventScroll: true });
          } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            move(event.key === 'ArrowDown' ? 1 : -1);
          }
        }}
      />
      {searchText ? (
        <button type="button" className="search-clear icon-button" onClick={clearSearch} aria-label={t('cases.clearSearch')} title={t('cases.clearSearch')}>
          <Icon name="close" size={14} />
        </button>
      ) : (
        <kbd className="search-kbd" aria-hidden="true">/</kbd>
      )}
    </div>
  );
}
