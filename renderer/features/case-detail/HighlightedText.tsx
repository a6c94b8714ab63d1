import { memo } from 'react';
import type { EvidenceMark } from './evidence';
import type { HighlightResult } from './highlight';
import { useI18n } from '../../i18n/useI18n';
import { evidenceAnchor } from './documentView';

interface HighlightedTextProps {
  marks: readonly EvidenceMark[];
  result: HighlightResult;
  activeClaim: number | null;
}

const unique = (values: number[]) => [...new Set(values)];

/**
 * A document's full text with every evidence quote in a <mark>. The claim
 * number is drawn by CSS from data-tag, so the text itself (and a copy of it)
 * stays exactly the document's.
 */
export const HighlightedText = memo(function HighlightedText({ marks, result, activeClaim }: HighlightedTextProps) {
  const { t } = useI18n();
  return (
    <div className="doc-text">
      {result.segments.map((segment) => {
        if (segment.marks.length === 0) return <span key={segment.start}>{segment.text}</span>;
        const claims = unique(segment.marks.map((i) => marks[i].claimNumber));
        const tags = unique(segment.endingMarks.map((i) => marks[i].claimNumber));
        const anchors = segment.marks
          .filter((i) => result.ranges[i]?.start === segment.start)
          .map((i) => evidenceAnchor(marks[i].claimNumber, marks[i].evidenceIndex));
        const classes = ['evidence-mark'];
        if (segment.marks.length > 1) classes.push('overlap');
        if (activeClaim !== null && claims.includes(activeClaim)) classes.push('active');
        if (activeClaim !== null && !claims.includes(activeClaim)) classes.push('dim');
        return (
          <mark
            key={segment.start}
            className={classes.join(' ')}
            data-testid="evidence-mark"
            data-claims={claims.join(' ')}
            data-anchor={anchors.length > 0 ? anchors.join(' ') : undefined}
            data-tag={tags.length > 0 ? tags.join(',') : undefined}
            title={t('detail.evidenceTitle', { numbers: claims.join(t('common.listSeparator')) })}
          >
            {segment.text}
          </mark>
        );
      })}
    </div>
  );
});
