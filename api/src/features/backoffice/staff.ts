import type { StaffRole } from '@excursio/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error';
import { currentUser, type AuthGuards } from '../auth/guard';

/** The staff member acting (the audit log's actor). */
export interface StaffActor {
  id: number;
  name: string;
  role: StaffRole;
}

export function staffOf(request: FastifyRequest): StaffActor {
  const user = currentUser(request);
  return { id: user.id, name: user.name, role: user.staffRole === 'admin' ? 'admin' : 'staff' };
}

export const ADMIN_ONLY_MESSAGE = 'Это может сделать только администратор.';
export const adminOnly = () => new HttpError(403, ADMIN_ONLY_MESSAGE, {});

/** Route hooks of the back office: every call staff only; some admin only (403 for staff). */
export function staffHooks(auth: AuthGuards) {
  const staff = auth.requireUserType('staff');
  return {
    staff: { onRequest: staff },
    admin: {
      onRequest: async (request: FastifyRequest) => {
        await staff(request);
        if (staffOf(request).role !== 'admin') throw adminOnly();
      },
    },
  };
}

/** OpenAPI tags: `admin-only` marks the calls staff get 403 from (the access sweep reads it). */
export const STAFF_TAGS = ['staff'];
export const ADMIN_TAGS = ['staff', 'admin-only'];

/** A required text, trimmed, 1…max characters, or a 422 in Russian under `field`. */
export function requiredText(value: string | undefined, field: string, empty: string, max: number): string {
  const text = (value ?? '').trim();
  if (!text) throw new HttpError(422, empty, { [field]: [empty] });
  if (text.length > max) {
    const message = `Не длиннее ${max} символов.`;
    throw new HttpError(422, message, { [field]: [message] });
  }
  return text;
}
