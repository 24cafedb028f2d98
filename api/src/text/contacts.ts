import { maskContacts } from '../features/chat/mask';

/**
 * Public texts (a guide's reply to a review) must not carry contacts: the parties settle through the service.
 * Phones and e-mails are found by the chat's masking (one detection for the whole api: `chat/mask.ts`); links are
 * found here (a scheme, «www.», or a domain with a well-known top level).
 */
const LINK =
  /(?:\b(?:https?|ftp):\/\/|\bwww\.|\b[\p{L}\p{N}-]+\.(?:ru|рф|su|com|net|org|info|me|io|ge|am|uz|by|kz|ua|biz|online|site|pro|club|store|app|link|ly|gl|cc|tk|xyz)(?![\p{L}\p{N}])|\bt\.me\/|@[A-Za-z0-9_]{5,})/iu;

export type ContactKind = 'phone_or_email' | 'link';

/** What kind of contact the text holds, or null when it has none. */
export function findContact(text: string): ContactKind | null {
  if (maskContacts(text) !== text) return 'phone_or_email';
  if (LINK.test(text)) return 'link';
  return null;
}
