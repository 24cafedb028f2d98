import {
  SYNONYM_TERMS_MAX,
  SYNONYM_TEXT_MAX,
  type StaffSynonymGroup,
  type StaffSynonymGroupBody,
} from '@excursio/shared/contracts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { searchSynonymGroups, searchSynonyms, users } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { words } from '../search/text';
import { audit } from './audit';
import type { StaffActor } from './staff';

// The search's synonym groups in the back office (issue 31). The engine reads term → expansion rows
// (search_synonyms); the database moves the search index's version on each write (migration 0026_search_speed), so
// every api process reloads its vocabulary and the next search follows.

/** A text as the engine compares it: its words in search form, one space apart (hyphens kept: «санкт-петербург»). */
const searchText = (text: string) => words(text).join(' ');

/** The engine reads a synonym of one to three words (understand.ts). */
const TERM_WORDS_MAX = 3;

export async function synonymGroups(db: Database, id?: number): Promise<StaffSynonymGroup[]> {
  const groups = await db
    .select({ g: searchSynonymGroups, by: users.name })
    .from(searchSynonymGroups)
    .leftJoin(users, eq(users.id, searchSynonymGroups.updatedBy))
    .where(id === undefined ? undefined : eq(searchSynonymGroups.id, id))
    .orderBy(asc(searchSynonymGroups.expansion), asc(searchSynonymGroups.id));
  if (groups.length === 0) return [];
  const terms = await db
    .select({ groupId: searchSynonyms.groupId, term: searchSynonyms.term })
    .from(searchSynonyms)
    .where(inArray(searchSynonyms.groupId, groups.map(({ g }) => g.id)))
    .orderBy(asc(searchSynonyms.term));
  return groups.map(({ g, by }) => ({
    id: g.id,
    expansion: g.expansion,
    terms: terms.filter((t) => t.groupId === g.id).map((t) => t.term),
    updated_at: g.updatedAt.toISOString(),
    updated_by: g.updatedBy !== null && by !== null ? { id: g.updatedBy, name: by } : null,
  }));
}

export async function synonymGroup(db: Database, id: number): Promise<StaffSynonymGroup> {
  const [group] = await synonymGroups(db, id);
  if (!group) throw notFound();
  return group;
}

/** The body checked and in search form, or a 422 in Russian naming the field. */
async function fields(tx: Database, body: StaffSynonymGroupBody, groupId: number | null) {
  const expansion = searchText(body.expansion);
  const errors: Record<string, string[]> = {};
  if (!body.expansion.trim()) errors.expansion = ['Укажите, что искать: город, место или слово.'];
  else if (body.expansion.trim().length > SYNONYM_TEXT_MAX) errors.expansion = [`Не длиннее ${SYNONYM_TEXT_MAX} символов.`];
  else if (!expansion) errors.expansion = ['Нужны буквы или цифры.'];
  const termErrors: string[] = [];
  for (const raw of body.terms) {
    if (raw.trim().length > SYNONYM_TEXT_MAX) termErrors.push(`«${raw.trim().slice(0, 30)}…» длиннее ${SYNONYM_TEXT_MAX} символов.`);
  }
  const terms = [...new Set(body.terms.map(searchText).filter(Boolean))];
  if (terms.length === 0) termErrors.push('Добавьте хотя бы одно слово, которое набирают вместо этого.');
  if (terms.length > SYNONYM_TERMS_MAX) termErrors.push(`Не больше ${SYNONYM_TERMS_MAX} слов в группе.`);
  for (const term of termErrors.length > 0 ? [] : terms) {
    if (term.split(' ').length > TERM_WORDS_MAX) termErrors.push(`«${term}»: не больше ${TERM_WORDS_MAX} слов.`);
    else if (term === expansion) termErrors.push(`«${term}» совпадает с тем, что искать.`);
  }
  if (terms.length > 0 && termErrors.length === 0) {
    const taken = await tx
      .select({ term: searchSynonyms.term, expansion: searchSynonymGroups.expansion })
      .from(searchSynonyms)
      .innerJoin(searchSynonymGroups, eq(searchSynonymGroups.id, searchSynonyms.groupId))
      .where(and(inArray(searchSynonyms.term, terms), groupId === null ? undefined : ne(searchSynonyms.groupId, groupId)));
    for (const t of taken) termErrors.push(`«${t.term}» уже есть в группе «${t.expansion}».`);
  }
  if (termErrors.length > 0) errors.terms = termErrors;
  if (!errors.expansion) {
    const [same] = await tx
      .select({ id: searchSynonymGroups.id })
      .from(searchSynonymGroups)
      .where(and(eq(searchSynonymGroups.expansion, expansion), groupId === null ? undefined : ne(searchSynonymGroups.id, groupId)));
    if (same) errors.expansion = [`Группа «${expansion}» уже есть: добавьте слова в неё.`];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(422, first, errors);
  return { expansion, terms };
}

async function writeTerms(tx: Database, groupId: number, expansion: string, terms: string[]) {
  await tx.delete(searchSynonyms).where(eq(searchSynonyms.groupId, groupId));
  await tx.insert(searchSynonyms).values(terms.map((term) => ({ term, expansion, groupId })));
}

export async function createSynonymGroup(tx: Database, actor: StaffActor, body: StaffSynonymGroupBody): Promise<number> {
  const values = await fields(tx, body, null);
  const [group] = await tx
    .insert(searchSynonymGroups)
    .values({ expansion: values.expansion, updatedBy: actor.id })
    .returning({ id: searchSynonymGroups.id });
  await writeTerms(tx, group!.id, values.expansion, values.terms);
  await audit(tx, actor, { action: 'synonyms.create', entityType: 'search_synonym_group', entityId: group!.id, after: values });
  return group!.id;
}

export async function updateSynonymGroup(tx: Database, actor: StaffActor, id: number, body: StaffSynonymGroupBody): Promise<void> {
  const [locked] = await tx.select().from(searchSynonymGroups).where(eq(searchSynonymGroups.id, id)).for('update');
  if (!locked) throw notFound();
  const before = await synonymGroup(tx, id);
  const values = await fields(tx, body, id);
  await tx.update(searchSynonymGroups).set({ expansion: values.expansion, updatedBy: actor.id, updatedAt: new Date() }).where(eq(searchSynonymGroups.id, id));
  await writeTerms(tx, id, values.expansion, values.terms);
  await audit(tx, actor, {
    action: 'synonyms.update',
    entityType: 'search_synonym_group',
    entityId: id,
    before: { expansion: before.expansion, terms: before.terms },
    after: values,
  });
}

export async function deleteSynonymGroup(tx: Database, actor: StaffActor, id: number): Promise<void> {
  const [locked] = await tx.select().from(searchSynonymGroups).where(eq(searchSynonymGroups.id, id)).for('update');
  if (!locked) throw notFound();
  const before = await synonymGroup(tx, id);
  // its terms go with it (on delete cascade)
  await tx.delete(searchSynonymGroups).where(eq(searchSynonymGroups.id, id));
  await audit(tx, actor, { action: 'synonyms.delete', entityType: 'search_synonym_group', entityId: id, before: { expansion: before.expansion, terms: before.terms } });
}

