import type { PartnerProfile, PartnerProfileBody } from '@excursio/shared/contracts';
import { contactPhoneDigits, emailIsValid, innProblem } from '@excursio/shared/phone';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { guides, partnerProfiles } from '../../db/schema';
import { fieldError, HttpError } from '../../http/http-error';
import { ownedImages } from '../media/uploads/store';
import { mediaUrl } from '../media/url';

/** The partner's public face: their first guide page (a partner without one gets it on the first save). */
async function guideOf(db: Database, partnerId: number) {
  return db.query.guides.findFirst({ where: eq(guides.userId, partnerId), orderBy: [asc(guides.id)] });
}

export async function partnerProfile(db: Database, partner: { id: number; name: string; phone: string }): Promise<PartnerProfile> {
  const guide = await guideOf(db, partner.id);
  const details = await db.query.partnerProfiles.findFirst({ where: eq(partnerProfiles.userId, partner.id) });
  return {
    public_name: guide?.name ?? partner.name,
    about: guide?.bio ?? '',
    languages: guide?.languages ?? ['ru'],
    photo_url: guide?.photoUrl ?? null,
    guide_slug: guide?.slug ?? null,
    contact_phone: details?.contactPhone ?? partner.phone,
    contact_email: details?.contactEmail ?? '',
    traveller_phone: details?.travellerPhone ?? '',
    legal_type: (details?.legalType as PartnerProfileBody['legal_type'] | undefined) ?? 'individual',
    legal_name: details?.legalName ?? '',
    inn: details?.inn ?? '',
  };
}

/** Checks every field at once (Russian messages: the form shows them under its fields). */
export function checkProfile(body: PartnerProfileBody): PartnerProfileBody {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] = [message]);
  const publicName = body.public_name.trim();
  const about = body.about.trim();
  const phoneInput = body.contact_phone.trim();
  const email = body.contact_email.trim().toLowerCase();
  const travellerInput = (body.traveller_phone ?? '').trim();
  const legalName = body.legal_name.trim();
  const inn = body.inn.replace(/\s/g, '');
  if (publicName.length < 2) fail('public_name', 'Укажите имя, которое увидят путешественники.');
  const languages = [...new Set(body.languages)];
  if (languages.length === 0) fail('languages', 'Выберите хотя бы один язык.');
  let phone = '';
  if (phoneInput) {
    phone = contactPhoneDigits(phoneInput) ?? '';
    if (!phone) fail('contact_phone', 'Телефон указан с ошибкой.');
  } else fail('contact_phone', 'Укажите телефон для связи.');
  if (email && !emailIsValid(email)) fail('contact_email', 'E-mail указан с ошибкой.');
  const travellerPhone = travellerInput ? (contactPhoneDigits(travellerInput) ?? '') : '';
  if (travellerInput && !travellerPhone) fail('traveller_phone', 'Телефон указан с ошибкой.');
  const innMessage = innProblem(inn, body.legal_type);
  if (innMessage) fail('inn', innMessage);
  if (inn && !legalName) {
    fail('legal_name', body.legal_type === 'company' ? 'Укажите название организации.' : 'Укажите ФИО полностью.');
  }
  if (Object.keys(errors).length > 0) throw new HttpError(422, Object.values(errors)[0]![0]!, errors);
  return {
    public_name: publicName,
    about,
    languages,
    contact_phone: phone,
    contact_email: email,
    traveller_phone: travellerPhone,
    legal_type: body.legal_type,
    legal_name: legalName,
    inn,
  };
}

/** Saves the profile: the public part into the guide page, the rest into partner_profiles (one transaction). */
export async function savePartnerProfile(db: Database, partnerId: number, raw: PartnerProfileBody): Promise<void> {
  const body = checkProfile(raw);
  await db.transaction(async (tx) => {
    const guide = await guideOf(tx, partnerId);
    if (guide) {
      await tx
        .update(guides)
        .set({ name: body.public_name, bio: body.about, languages: body.languages, updatedAt: new Date() })
        .where(eq(guides.id, guide.id));
    } else {
      const slug = `gid-${partnerId}`;
      await tx.insert(guides).values({
        userId: partnerId,
        slug,
        name: body.public_name,
        bio: body.about,
        languages: body.languages,
        photoUrl: mediaUrl('guide', slug),
      });
    }
    const details = {
      contactPhone: body.contact_phone,
      contactEmail: body.contact_email,
      // absent: the phone for travellers stays as it is (a client that does not know the field never clears it); '' clears
      ...(raw.traveller_phone === undefined ? {} : { travellerPhone: body.traveller_phone }),
      legalType: body.legal_type,
      legalName: body.legal_name,
      inn: body.inn,
      updatedAt: new Date(),
    };
    // requisites staff verified stay verified only while they stay the same
    const [current] = await tx.select().from(partnerProfiles).where(eq(partnerProfiles.userId, partnerId));
    const requisitesChanged = !current || current.inn !== body.inn || current.legalName !== body.legal_name || current.legalType !== body.legal_type;
    const verification = requisitesChanged ? { requisitesVerifiedAt: null, requisitesVerifiedBy: null } : {};
    await tx
      .insert(partnerProfiles)
      .values({ userId: partnerId, ...details })
      .onConflictDoUpdate({ target: partnerProfiles.userId, set: { ...details, ...verification } });
  });
}

/**
 * The guide page's photo: an uploaded portrait of mine (POST /api/media/uploads?preset=portrait). The guide page must
 * exist (the profile saved once).
 */
export async function setGuidePhoto(db: Database, partnerId: number, imageId: number): Promise<void> {
  const image = (await ownedImages(db, partnerId, [imageId])).get(imageId);
  if (!image || image.preset !== 'portrait') throw fieldError('image_id', 'Фото не найдено: загрузите его снова.');
  const guide = await guideOf(db, partnerId);
  if (!guide) throw fieldError('image_id', 'Сначала сохраните профиль: фото показывается на странице гида.');
  await db.update(guides).set({ photoUrl: image.url, updatedAt: new Date() }).where(eq(guides.id, guide.id));
}
