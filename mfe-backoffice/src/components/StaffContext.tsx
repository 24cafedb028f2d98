import { createContext, useContext } from 'react';
import type { StaffMe } from '@excursio/shared';

/** Who is working in the back office (GET /api/staff/me): their role decides the admin-only actions shown. */
export const StaffContext = createContext<StaffMe | null>(null);

export function useStaffMe(): StaffMe | null {
  return useContext(StaffContext);
}

export const isAdmin = (me: StaffMe | null): boolean => me?.role === 'admin';
