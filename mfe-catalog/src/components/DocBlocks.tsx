import type { DocBlock } from '@excursio/shared';
import './doc-blocks.css';

/** A block's React element; text goes in as text, so nothing from the database is ever parsed as HTML. */
function renderBlock(block: DocBlock, key: number) {
  switch (block.type) {
    case 'h2':
      return <h2 key={key} className="cat-doc__h2">{block.text}</h2>;
    case 'h3':
      return <h3 key={key} className="cat-doc__h3">{block.text}</h3>;
    case 'p':
      return <p key={key} className="cat-doc__p">{block.text}</p>;
    case 'ul':
    case 'ol': {
      const List = block.type;
      return (
        <List key={key} className="cat-doc__list">
          {block.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </List>
      );
    }
    default:
      return null;
  }
}

/** Rich text of a document or a blog post. */
export function DocBlocks({ blocks }: { blocks: readonly DocBlock[] }) {
  return <div className="cat-doc">{blocks.map(renderBlock)}</div>;
}
