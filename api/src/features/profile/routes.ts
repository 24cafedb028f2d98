import { AccountAvatarBody, PartnerProfileBody, PartnerProfileResponse, ProfileResponse } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { toProfile } from '../auth/profile';
import { partnerProfile, savePartnerProfile, setGuidePhoto } from './partner';

export const profileRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { auth }) => {
  // The spec's one profile call serves both account types (the path says "partner" for historical reasons).
  app.get(
    '/api/excursion/partner/profile',
    {
      onRequest: auth.requireUser,
      schema: {
        summary: 'Profile of the signed-in account (client or partner)',
        tags: ['account'],
        security: bearerSecurity,
        response: { 200: ProfileResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ status: true, data: toProfile(currentUser(request)) }),
  );
};

/** The partner's profile page: the public guide page's name, about and languages; contacts; legal details. */
export const partnerProfileRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, catalogCache }) => {
  const P = '/api/excursion/partner/profile/details';
  app.get(
    P,
    {
      onRequest: auth.requireUserType('partner'),
      schema: {
        summary: 'My public guide profile, contacts and legal details',
        tags: ['partner'],
        security: bearerSecurity,
        response: { 200: PartnerProfileResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ status: true, data: await partnerProfile(db, currentUser(request)) }),
  );

  app.put(
    P,
    {
      onRequest: auth.requireUserType('partner'),
      schema: {
        summary: 'Save my profile (INN checked with its control digits: 10 digits for a company, 12 for a person)',
        tags: ['partner'],
        security: bearerSecurity,
        body: PartnerProfileBody,
        response: { 200: PartnerProfileResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const partner = currentUser(request);
      await savePartnerProfile(db, partner.id, request.body);
      // The guide pages and the cards that name the guide are catalog answers.
      catalogCache.invalidate();
      return { status: true, data: await partnerProfile(db, partner) };
    },
  );

  app.put(
    `${P}/photo`,
    {
      onRequest: auth.requireUserType('partner'),
      schema: {
        summary: 'Set the guide page’s photo: an uploaded portrait of mine (POST /api/media/uploads?preset=portrait)',
        tags: ['partner'],
        security: bearerSecurity,
        body: AccountAvatarBody,
        response: { 200: PartnerProfileResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const partner = currentUser(request);
      await setGuidePhoto(db, partner.id, request.body.image_id);
      catalogCache.invalidate();
      return { status: true, data: await partnerProfile(db, partner) };
    },
  );
};
