/** Spec §9: toasts vanish after 10 seconds. */
export const TOAST_LIFETIME_MS = 10_000;
