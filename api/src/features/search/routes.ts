import { SearchQuery, SearchResponse, SuggestQuery, SuggestResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { errorResponses } from '../../http/schemas';
import { CATALOG_TAGS as tags, PUBLIC as P } from '../catalog/paths';
import { search } from './engine';
import { factsChanged } from './results';
import { suggest } from './suggest';

/**
 * The results page's answer as JSON: the engine builds it to SearchResponse exactly (every key in the schema's order,
 * none more), so JSON.stringify writes the text the schema's serialiser would, in half the time on its 11–23 kB
 * (test/search.test.ts compares the two on every relevance query).
 */
export const resultsJson = (payload: unknown): string => JSON.stringify(payload);

/** Search: the results page and the search box's suggestions, public, through the catalog cache. */
export const searchRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, catalogCache: cache }) => {
  // a change of the catalog through this process: the results page reads the excursions' facts again at once (other
  // processes see the catalog's version move)
  cache.onInvalidate(() => factsChanged(db));
  app.get(
    `${P}/search`,
    {
      schema: {
        summary: 'Search results: destinations, excursions with the matched words marked, facet counts',
        description:
          'Word forms, typo corrections, the other keyboard layout, transliteration and synonyms; the excursion list’s filters narrow the excursions. Any text is accepted (its first 200 characters are read): an empty answer, never an error.',
        tags,
        querystring: SearchQuery,
        response: { 200: SearchResponse, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({ status: true, data: await search(db, request.query, new Date()) }), [], resultsJson),
  );

  app.get(
    `${P}/search/suggest`,
    {
      schema: {
        summary: 'Search box suggestions: destinations and excursions for the text typed so far',
        tags,
        querystring: SuggestQuery,
        response: { 200: SuggestResponse, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => ({
        status: true,
        data: await suggest(db, request.query.q, request.query.limit ?? 5),
      })),
  );
};
