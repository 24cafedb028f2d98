// The addresses of the partner's excursion pages (the route table in features/routing/partnerRoutes.ts).
export const EXCURSIONS_PATH = '/account/partner/excursions';
export const NEW_EXCURSION_PATH = `${EXCURSIONS_PATH}/add`;
export const editPath = (id: number | string): string => `${EXCURSIONS_PATH}/edit/${id}`;
export const closedFieldsPath = (id: number | string): string => `${EXCURSIONS_PATH}/edit/closed_fields/${id}`;
