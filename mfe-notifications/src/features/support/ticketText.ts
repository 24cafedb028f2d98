import { formatDate } from '@excursio/shared';

/** The longest message of a ticket (the api's limit). */
export const TEXT_MAX = 5000;

/** A ticket's or a message's time: day, month name, hours and minutes. */
export const dateTime = (iso: string) => formatDate(iso, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/** An excursion as the form names it: a draft saved before it got a title is named as in «Мои экскурсии», never an empty option. */
export const excursionLabel = (x: { id: number; title: string }) => x.title.trim() || `Без названия (№${x.id})`;
