import Type, { type Static } from 'typebox';
import { envelope, Paginated } from './common';

// The blog and the /docs pages (public; bodies are DocBlock JSON, never HTML):
//   GET /api/excursion/public/blog                               → BlogListResponse (?page, per_page)
//   GET /api/excursion/public/blog/{slug}                        → BlogPostResponse
//   GET /api/excursion/public/documents/{slug}                   → DocumentResponse

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

export const BlogPostCard = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  excerpt: Type.String(),
  cover_url: Type.String(),
  published_at: Type.String(),
});
export type BlogPostCard = Static<typeof BlogPostCard>;

export const BlogListResponse = envelope(Paginated(BlogPostCard));
export type BlogListResponse = Static<typeof BlogListResponse>;

export const BlogPost = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  excerpt: Type.String(),
  cover_url: Type.String(),
  published_at: Type.String(),
  body: Type.Array(DocBlock),
});
export type BlogPost = Static<typeof BlogPost>;

export const BlogPostResponse = envelope(BlogPost);
export type BlogPostResponse = Static<typeof BlogPostResponse>;

export const DocumentPage = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  updated_at: Type.String(),
  body: Type.Array(DocBlock),
});
export type DocumentPage = Static<typeof DocumentPage>;

export const DocumentResponse = envelope(DocumentPage);
export type DocumentResponse = Static<typeof DocumentResponse>;
