import {
  BlogListResponse,
  BlogPostResponse,
  CatalogPageQuery,
  DocumentResponse,
  SlugParams,
} from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { errorResponses } from '../../http/schemas';
import { blogList, blogPost, documentPage } from './service';

const P = '/api/excursion/public';
const tags = ['content'];

/** The blog and the /docs pages. */
export const contentRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db }) => {
  app.get(
    `${P}/blog`,
    {
      schema: {
        summary: 'Blog posts, newest first',
        tags,
        querystring: CatalogPageQuery,
        response: { 200: BlogListResponse, ...errorResponses(422) },
      },
    },
    async (request) => ({ status: true, data: await blogList(db, request.query, new Date()) }),
  );

  app.get(
    `${P}/blog/:slug`,
    {
      schema: {
        summary: 'A blog post; the body is a list of DocBlocks (never HTML)',
        tags,
        params: SlugParams,
        response: { 200: BlogPostResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({ status: true, data: await blogPost(db, request.params.slug, new Date()) }),
  );

  app.get(
    `${P}/documents/:slug`,
    {
      schema: {
        summary: 'A /docs page (help, terms, oferta, plateji, privacy, vozvrat, articles, legal-info, agreement-guide-user)',
        tags,
        params: SlugParams,
        response: { 200: DocumentResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({ status: true, data: await documentPage(db, request.params.slug) }),
  );
};
