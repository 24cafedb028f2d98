import Type, { type Static } from 'typebox';
import { envelope, RowId } from './common';

// My favorites (bearer token):
//   GET    /api/excursion/user/favorite                 → ExcursionCardsResponse (./catalog; the favorites page)
//   GET    /api/excursion/user/favorite/appended        → FavoriteIdsResponse
//   POST   /api/excursion/user/favorite {excursion_id}  → FavoriteIdsResponse
//   DELETE /api/excursion/user/favorite/{id}            → FavoriteIdsResponse

/** GET /api/excursion/user/favorite/appended — excursion ids. */
export const FavoriteIdsResponse = envelope(Type.Array(Type.Integer()));
export type FavoriteIdsResponse = Static<typeof FavoriteIdsResponse>;

export const AddFavoriteBody = Type.Object({ excursion_id: RowId });
export type AddFavoriteBody = Static<typeof AddFavoriteBody>;

export const FavoriteIdParams = Type.Object({ id: RowId });
export type FavoriteIdParams = Static<typeof FavoriteIdParams>;
