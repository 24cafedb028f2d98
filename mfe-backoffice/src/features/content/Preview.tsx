import { useEffect, useState } from 'react';
import type { DocBlock } from '@excursio/shared';
import { failureText } from '@excursio/shared/ui';
import { contentCalls } from './contentCalls';

/** DocBlocks as the public page shows them (headings a level lower): React text nodes only, never HTML. */
export function Blocks({ blocks }: { blocks: readonly DocBlock[] }) {
  return (
    <>
      {blocks.map((block, i) => {
        if ('items' in block) {
          const List = block.type;
          return (
            <List key={i}>
              {block.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </List>
          );
        }
        // one level below the preview's own heading
        const Tag = block.type === 'p' ? 'p' : block.type === 'h2' ? 'h3' : 'h4';
        return <Tag key={i}>{block.text}</Tag>;
      })}
    </>
  );
}

/**
 * The live preview: the Markdown is turned into blocks by the server — the same sanitising conversion that publishes
 * it (headings, paragraphs, lists, plain text) — a moment after typing stops; the preview is what the page will show.
 */
export function Preview({ markdown, delayMs = 400 }: { markdown: string; delayMs?: number }) {
  const [blocks, setBlocks] = useState<DocBlock[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      contentCalls.preview(markdown, controller.signal).then(
        (r) => {
          setBlocks(r.data.body);
          setProblem(null);
        },
        (e: unknown) => !controller.signal.aborted && setProblem(failureText(e)),
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [markdown, delayMs]);
  return (
    <section className="bo-preview bo-card" aria-labelledby="bo-preview-title" aria-live="polite" aria-busy={blocks === null}>
      <h2 className="bo-section__title" id="bo-preview-title">
        Предпросмотр
      </h2>
      {problem && <p className="ex-ui-error">{problem}</p>}
      <div className="bo-preview__body">{blocks && <Blocks blocks={blocks} />}</div>
    </section>
  );
}
