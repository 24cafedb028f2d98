import type { UserType } from '@excursio/shared';

/** The order page a chat toast links to, by the RECEIVING session's user type (spec overlay 3). */
export function chatOrderLink(orderId: number, receiver: UserType | null): string {
  return receiver === 'client' ? `/account/user/${orderId}` : `/account/partner/order/${orderId}`;
}
