import type { TextPart } from '@excursio/shared';

/** Text with the searched words in <mark>: plain React text pieces, never HTML from a string. */
export function Marked({ parts }: { parts: readonly TextPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="cat-mark">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
