import type { AuthResult } from '@excursio/shared';
import type { ConfirmStage } from './signInStorage';

/** Spec §9: poll interval, code countdown, PIN length. */
export const POLL_INTERVAL_MS = 2000;
export const CODE_COUNTDOWN_S = 180;
export const PIN_LENGTH = 4;

/** Which confirmation step a check result asks for. */
export const STAGE_OF: Partial<Record<AuthResult, ConfirmStage>> = {
  await_code_push: 'push',
  await_code_call: 'call',
  await_code_sms: 'sms',
};

export const emptyPin = (): string[] => Array.from({ length: PIN_LENGTH }, () => '');

export const isPin = (code: string): boolean => new RegExp(`^\\d{${PIN_LENGTH}}$`).test(code);

/** The server's seconds when it sent some, else the spec's 180. */
export const secondsOr180 = (seconds: number | undefined): number =>
  seconds !== undefined && seconds > 0 ? seconds : CODE_COUNTDOWN_S;
