import type { EnumKind, MessageKey, MessageParams } from '../../i18n';
import { FILTER_NAMES, type AppliedFilters, type FilterName } from './casesStore';

/** How each filter of the Cases view is named, and the vocabulary its values are shown in. */
export const FILTER_LABELS: Record<FilterName, MessageKey> = {
  answerability: 'cases.filter.answerability',
  questionType: 'cases.filter.questionType',
  slice: 'cases.filter.slice',
  split: 'cases.filter.split',
  origin: 'cases.filter.origin',
  leak: 'cases.filter.leak',
  labeled: 'cases.filter.labeled',
  flag: 'cases.filter.flag',
};

export const FILTER_KINDS: Record<FilterName, EnumKind> = {
  answerability: 'answerability',
  questionType: 'questionType',
  slice: 'slice',
  split: 'split',
  origin: 'origin',
  leak: 'leak',
  labeled: 'labeled',
  flag: 'flag',
};

/** The filters in words ("Labels: Reviewers disagree · Slice: Table · search “退款”"), for a filtered export. */
export function describeFilters(
  filters: AppliedFilters,
  t: (key: MessageKey, params?: MessageParams) => string,
  label: (kind: EnumKind, value: string) => string,
): string {
  const parts = FILTER_NAMES.flatMap((name) => {
    const value = filters[name];
    return value === null ? [] : [t('data.exports.filterPart', { name: t(FILTER_LABELS[name]), value: label(FILTER_KINDS[name], value) })];
  });
  if (filters.search) parts.push(t('data.exports.filteredSearch', { search: filters.search }));
  if (filters.holdout) parts.push(t(filters.holdout === 'include' ? 'holdout.filterPart.include' : 'holdout.filterPart.exclude'));
  return parts.join(' · ');
}
