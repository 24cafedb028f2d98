import Type, { type Static } from 'typebox';
import { envelope, RowId } from './common';
import { StaffPerson } from './backoffice';

// Back office: the search's synonym groups (issue 31; see ./backoffice.ts for the rules every staff call keeps). A group
// is what to search (`expansion`, e.g. «санкт-петербург») and the words travellers type for it (`terms`: «питер»,
// «спб»); a query word or phrase equal to a term also searches the expansion. Any staff member edits them, each change
// is audited, and search follows at once.
//   GET    /api/staff/search/synonyms                        → StaffSynonymGroupListResponse (by expansion)
//   POST   /api/staff/search/synonyms { expansion, terms }   → 201 StaffSynonymGroupResponse
//   PUT    /api/staff/search/synonyms/{id} { expansion, terms } → StaffSynonymGroupResponse
//   DELETE /api/staff/search/synonyms/{id}                   → 204
// Texts are kept in search form (lowercase, ё as е, words separated by one space); a term has 1–3 words and belongs to
// one group only: 422 with `errors.expansion` / `errors.terms` in Russian otherwise.

export const SYNONYM_TEXT_MAX = 100;
export const SYNONYM_TERMS_MAX = 30;

export const StaffSynonymGroup = Type.Object({
  id: Type.Integer(),
  expansion: Type.String(),
  terms: Type.Array(Type.String()),
  updated_at: Type.String(),
  updated_by: Type.Union([StaffPerson, Type.Null()]),
});
export type StaffSynonymGroup = Static<typeof StaffSynonymGroup>;
export const StaffSynonymGroupBody = Type.Object({
  expansion: Type.String({ maxLength: 1000 }),
  terms: Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 200 }),
});
export type StaffSynonymGroupBody = Static<typeof StaffSynonymGroupBody>;
export const StaffSynonymGroupParams = Type.Object({ id: RowId });
export const StaffSynonymGroupListResponse = envelope(Type.Array(StaffSynonymGroup));
export type StaffSynonymGroupListResponse = Static<typeof StaffSynonymGroupListResponse>;
export const StaffSynonymGroupResponse = envelope(StaffSynonymGroup);
export type StaffSynonymGroupResponse = Static<typeof StaffSynonymGroupResponse>;
