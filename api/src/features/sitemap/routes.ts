import Type from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { siteOrigin, sitemapEntries, sitemapXml } from './sitemap';

//   GET /api/excursion/public/sitemap.xml → the sitemaps.org XML of every public page (the shell serves it as /sitemap.xml)

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();

export const sitemapRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, config, clock }) => {
  app.get(
    '/api/excursion/public/sitemap.xml',
    {
      schema: {
        summary: 'Every public page of the catalog for search engines (sitemaps.org XML), from the database',
        tags: ['content'],
        produces: ['application/xml'],
        response: { 200: Type.String({ description: 'sitemaps.org urlset' }) },
      },
    },
    async (request, reply) => {
      const origin = siteOrigin(
        { proto: header(request.headers['x-forwarded-proto']), host: header(request.headers['x-forwarded-host']) },
        config.frontendOrigins,
      );
      const xml = sitemapXml(await sitemapEntries(db, clock.now()), origin);
      return reply.header('Cache-Control', 'public, max-age=300').type('application/xml; charset=utf-8').send(xml);
    },
  );
};
