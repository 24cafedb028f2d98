import Type, { type Static } from 'typebox';

/** One block of a rich text (blog posts, /docs pages): headings, paragraphs and lists, never HTML. */
export const DocBlock = Type.Union([
  Type.Object({
    type: Type.Union([Type.Literal('h2'), Type.Literal('h3'), Type.Literal('p')]),
    text: Type.String(),
  }),
  Type.Object({
    type: Type.Union([Type.Literal('ul'), Type.Literal('ol')]),
    items: Type.Array(Type.String()),
  }),
]);
export type DocBlock = Static<typeof DocBlock>;
