// The real providers' settings (issue 26). Secrets come only from the environment and are never logged (app.ts
// redacts them); a provider configured only in part refuses to start instead of failing on the first customer.
import { EnvError } from '@excursio/shared/env';
import type { ApiEnv } from './env';

/** A start refused like any bad variable (env.ts): an EnvError naming what is wrong. */
const refused = (problem: string) => new EnvError('api', [problem]);

/** ЮKassa (PAYMENT_PROVIDER=yookassa): API v3 with HTTP Basic (shop id : secret key). */
export interface YookassaConfig {
  shopId: string;
  secretKey: string;
  /** YOOKASSA_API_URL: https://api.yookassa.ru/v3 (tests point it at a local server speaking the same API). */
  apiUrl: string;
  /** YOOKASSA_VAT_CODE: the receipt lines' VAT code (1 = без НДС … see ЮKassa's vat_code table). */
  vatCode: number;
}

/** SMS.ru (SSO_CHANNEL=smsru): flash calls (/code/call) and SMS (/sms/send), authorised by api_id. */
export interface SmsRuConfig {
  apiId: string;
  /** SMSRU_API_URL: https://sms.ru (tests point it at a local server). */
  apiUrl: string;
  /** SMSRU_FROM: an approved sender name for the SMS; the account's default when null. */
  from: string | null;
}

/** E-mail by SMTP (SMTP_URL, e.g. smtps://user:password@smtp.example.ru:465) from MAIL_FROM. */
export interface MailConfig {
  smtpUrl: string;
  from: string;
}

export interface ProviderConfigs {
  yookassa: YookassaConfig | null;
  smsru: SmsRuConfig | null;
  mail: MailConfig | null;
}

/** The variables the providers read, as env.ts parsed them (types, ranges and URL syntax checked there). */
type ProviderEnv = Pick<
  ApiEnv,
  | 'PAYMENT_PROVIDER'
  | 'SSO_CHANNEL'
  | 'YOOKASSA_SHOP_ID'
  | 'YOOKASSA_SECRET_KEY'
  | 'YOOKASSA_API_URL'
  | 'YOOKASSA_VAT_CODE'
  | 'SMSRU_API_ID'
  | 'SMSRU_API_URL'
  | 'SMSRU_FROM'
  | 'SMTP_URL'
  | 'MAIL_FROM'
>;
type ProviderVariable = keyof ProviderEnv;

const value = (env: ProviderEnv, name: ProviderVariable) => {
  const raw = env[name];
  return typeof raw === 'string' && raw.trim() ? raw.trim() : null;
};

function httpUrl(name: ProviderVariable, raw: string): string {
  // the syntax is env.ts's check; a provider's API is reached over HTTP only
  if (!/^https?:\/\//i.test(raw)) throw refused(`${name} must be an http(s) URL`);
  return raw.replace(/\/+$/, '');
}

/** Every variable of a provider, or none: a half-configured one is refused with what is missing. */
function allOrNone(env: ProviderEnv, required: readonly ProviderVariable[], selected: boolean, selector: string): boolean {
  const present = required.filter((name) => value(env, name) !== null);
  if (!selected && present.length === 0) return false;
  if (!selected) throw refused(`${present.join(', ')} set but ${selector} is not: set it, or remove ${present.join(', ')}`);
  const missing = required.filter((name) => value(env, name) === null);
  if (missing.length) throw refused(`${selector} needs ${missing.join(', ')}`);
  return true;
}

export function providerConfigs(env: ProviderEnv): ProviderConfigs {
  const yookassa = allOrNone(env, ['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY'], env.PAYMENT_PROVIDER === 'yookassa', 'PAYMENT_PROVIDER=yookassa');
  const smsru = allOrNone(env, ['SMSRU_API_ID'], env.SSO_CHANNEL === 'smsru', 'SSO_CHANNEL=smsru');
  const smtpUrl = value(env, 'SMTP_URL');
  const from = value(env, 'MAIL_FROM');
  if (smtpUrl && !from) throw refused('SMTP_URL needs MAIL_FROM (the sender, e.g. "Excursio <noreply@excursio.ru>")');
  if (from && !smtpUrl) throw refused('MAIL_FROM set but SMTP_URL is not: set it, or remove MAIL_FROM');
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw refused('SMTP_URL must start with smtp:// or smtps://');
  return {
    yookassa: yookassa
      ? {
          shopId: value(env, 'YOOKASSA_SHOP_ID')!,
          secretKey: value(env, 'YOOKASSA_SECRET_KEY')!,
          apiUrl: httpUrl('YOOKASSA_API_URL', env.YOOKASSA_API_URL),
          vatCode: env.YOOKASSA_VAT_CODE,
        }
      : null,
    smsru: smsru ? { apiId: value(env, 'SMSRU_API_ID')!, apiUrl: httpUrl('SMSRU_API_URL', env.SMSRU_API_URL), from: value(env, 'SMSRU_FROM') } : null,
    mail: smtpUrl && from ? { smtpUrl, from } : null,
  };
}

/** The providers' secrets, to scrub from any text that may be logged or stored (a provider's error message). */
export function providerSecrets(configs: ProviderConfigs): string[] {
  const secrets = [configs.yookassa?.secretKey, configs.smsru?.apiId, configs.mail?.smtpUrl];
  if (configs.mail) {
    const { password } = new URL(configs.mail.smtpUrl);
    if (password) secrets.push(password, decodeURIComponent(password));
  }
  return secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4);
}

/** `text` with every secret replaced by [REDACTED]. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join('[REDACTED]'), text);
}
