import { CatalogVersionResponse, HomeResponse, type HomeData } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { blogList } from '../content/service';
import { popularCities } from '../geo/cities';
import { reviewCards } from '../reviews/cards';
import { sightCards } from '../sights/cards';
import { cardsWhere } from './cards';
import { CATALOG_TAGS as tags, PUBLIC as P } from './paths';
import type { CatalogVersion } from './version';

/** Spec §9: the index shows at most 10 cities; the other blocks' sizes are the index page's. */
export const HOME_LIMITS = { cities: 10, excursions: 8, sights: 8, reviews: 6, posts: 3 } as const;

/** A block that fails is an empty list: the page hides it without a word (spec §8), the others still show. */
const orNone = <T>(block: Promise<T[]>, log: (error: unknown) => void): Promise<T[]> =>
  block.catch((error: unknown) => {
    log(error);
    return [];
  });

/** The index page's blocks in one answer (one call instead of five for every rendered `/`), and the catalog's version. */
export const catalogRoutes: FastifyPluginAsyncTypebox<Deps & { catalogVersion: CatalogVersion }> = async (app, { db, catalogCache: cache, catalogVersion }) => {
  app.get(
    `${P}/home`,
    { schema: { summary: 'Every block of the index page: popular cities, excursions and sights, fresh reviews, the latest posts', tags, response: { 200: HomeResponse } } },
    async (request, reply) =>
      cache.send(request, reply, async () => {
        const log = (error: unknown) => request.log.error({ err: error }, 'a block of the index page failed');
        const [cities, excursions, sights, reviews, posts] = await Promise.all([
          orNone(popularCities(db, HOME_LIMITS.cities), log),
          orNone(cardsWhere(db, undefined, HOME_LIMITS.excursions), log),
          orNone(sightCards(db, undefined, HOME_LIMITS.sights), log),
          orNone(reviewCards(db, undefined, HOME_LIMITS.reviews), log),
          orNone(blogList(db, { page: 1, per_page: HOME_LIMITS.posts }, new Date()).then((page) => page.data), log),
        ]);
        const data: HomeData = { cities, excursions, sights, reviews, posts };
        return { status: true, data };
      }),
  );

  app.get(
    `${P}/catalog-version`,
    {
      schema: {
        summary: 'The catalog’s version: it moves whenever what a public catalog page shows changes (the shell server keys rendered pages by it)',
        tags,
        response: { 200: CatalogVersionResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { version: await catalogVersion.current() };
    },
  );
};
