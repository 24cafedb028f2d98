// Tiny builders that keep the document texts readable.
import type { DocBlock, DocumentContent } from '../types';

export const h2 = (text: string): DocBlock => ({ type: 'h2', text });
export const h3 = (text: string): DocBlock => ({ type: 'h3', text });
export const p = (text: string): DocBlock => ({ type: 'p', text });
export const ul = (...items: string[]): DocBlock => ({ type: 'ul', items });
export const ol = (...items: string[]): DocBlock => ({ type: 'ol', items });

export const doc = (slug: string, title: string, body: DocBlock[]): DocumentContent => ({ slug, title, body });

/** Details of the (fictional) operator of the service. */
export const COMPANY = {
  name: 'ООО «Экскурсио»',
  fullName: 'Общество с ограниченной ответственностью «Экскурсио»',
  inn: '7704512378',
  kpp: '770401001',
  ogrn: '1217700384512',
  address: '119019, г. Москва, ул. Новый Арбат, д. 21, этаж 12, офис 1204',
  email: 'support@excursio.ru',
  privacyEmail: 'privacy@excursio.ru',
  phone: '8 800 301-45-67',
  site: 'excursio.ru',
};

/** The default service commission, paid online as the prepayment. */
export const DEFAULT_COMMISSION_PERCENT = 15;
