import Type, { type Static } from 'typebox';
import { envelope } from './common';

// The partner's profile (partner account, /account/partner/profile):
//   GET /api/excursion/partner/profile/details → PartnerProfileResponse
//   PUT /api/excursion/partner/profile/details PartnerProfileBody → PartnerProfileResponse
// The public part (name, about, languages, photo) is what the catalog's guide pages show. contact_phone/contact_email
// are for the service only; traveller_phone is what travellers of paid orders see (order.guide_contact).

export const LegalType = Type.Union([Type.Literal('individual'), Type.Literal('self_employed'), Type.Literal('company')]);
export type LegalType = Static<typeof LegalType>;

export const PartnerProfileBody = Type.Object({
  public_name: Type.String({ maxLength: 200 }),
  about: Type.String({ maxLength: 3000 }),
  /** ISO 639-1 codes (ru, en, ka …). */
  languages: Type.Array(Type.String({ pattern: '^[a-z]{2}$', maxLength: 2 }), { maxItems: 20 }),
  contact_phone: Type.String({ maxLength: 40 }),
  contact_email: Type.String({ maxLength: 254 }),
  /** The guide's phone on the day of the excursion, shown to travellers of paid orders; '' = none (absent: kept as it is). */
  traveller_phone: Type.Optional(Type.String({ maxLength: 40 })),
  legal_type: LegalType,
  legal_name: Type.String({ maxLength: 300 }),
  inn: Type.String({ maxLength: 20 }),
});
export type PartnerProfileBody = Static<typeof PartnerProfileBody>;

export const PartnerProfile = Type.Object({
  ...PartnerProfileBody.properties,
  traveller_phone: Type.String({ maxLength: 40 }),
  photo_url: Type.Union([Type.String(), Type.Null()]),
  /** The public guide page (/excursion/guides/{slug}); null before the profile is first saved. */
  guide_slug: Type.Union([Type.String(), Type.Null()]),
});
export type PartnerProfile = Static<typeof PartnerProfile>;

export const PartnerProfileResponse = envelope(PartnerProfile);
export type PartnerProfileResponse = Static<typeof PartnerProfileResponse>;
