import Type, { type Static } from 'typebox';
import { envelope } from './common';

// Tickets of a paid order (bearer token, the owner only):
//   GET /api/excursion/user/ticket/{code}/qr             → TicketQrResponse (also /qr.svg, /qr.png images)

export const TicketStatus = Type.Union([Type.Literal('active'), Type.Literal('redeemed'), Type.Literal('cancelled')]);
export type TicketStatus = Static<typeof TicketStatus>;

export const TicketCodeParams = Type.Object({ code: Type.String({ pattern: '^[A-Z0-9-]{4,32}$', maxLength: 32 }) });
export type TicketCodeParams = Static<typeof TicketCodeParams>;

export const TicketQr = Type.Object({
  code: Type.String(),
  /** `data:image/svg+xml;base64,…`: usable directly as an <img> src. */
  svg_data_url: Type.String(),
});
export type TicketQr = Static<typeof TicketQr>;
export const TicketQrResponse = envelope(TicketQr);
export type TicketQrResponse = Static<typeof TicketQrResponse>;
