/** A page of a list in the api's paging shape. */
export interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface PageRequest {
  page: number;
  perPage: number;
}

export function pageRequest(query: { page?: number | undefined; per_page?: number | undefined }, perPage: number): PageRequest {
  return { page: query.page ?? 1, perPage: query.per_page ?? perPage };
}

export const offsetOf = ({ page, perPage }: PageRequest) => (page - 1) * perPage;

export function pageOf<T>(data: T[], total: number, { page, perPage }: PageRequest): Page<T> {
  return { data, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}
