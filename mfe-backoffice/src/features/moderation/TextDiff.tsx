import { diffWords } from 'diff';

/**
 * One side of a text comparison: the current value with what the proposal removes struck through (`side` current),
 * or the proposed value with what it adds marked (`side` proposed). <del>/<ins> carry the meaning for screen readers
 * (announced by their visually hidden labels) and the colours and lines for the eye.
 */
export function TextDiff({ current, proposed, side }: { current: string; proposed: string; side: 'current' | 'proposed' }) {
  const parts = diffWords(current, proposed);
  return (
    <span className="bo-diff">
      {parts.map((part, i) => {
        if (part.added) {
          return side === 'proposed' ? (
            <ins key={i} className="bo-diff__ins">
              <span className="bo-sr">[добавлено: </span>
              {part.value}
              <span className="bo-sr">]</span>
            </ins>
          ) : null;
        }
        if (part.removed) {
          return side === 'current' ? (
            <del key={i} className="bo-diff__del">
              <span className="bo-sr">[удалено: </span>
              {part.value}
              <span className="bo-sr">]</span>
            </del>
          ) : null;
        }
        return <span key={i}>{part.value}</span>;
      })}
    </span>
  );
}
