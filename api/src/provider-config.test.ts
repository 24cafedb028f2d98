import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { developmentDefaults, loadConfig } from './config';
import { redactUrl } from './http/redact';
import { providerSecrets, scrubSecrets } from './provider-config';

const YOOKASSA = { PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'live_secret_123' };

describe('provider configuration (issue 26)', () => {
  it('takes a provider configured in full', () => {
    const config = loadConfig({ APP_ENV: 'test', ...YOOKASSA, YOOKASSA_VAT_CODE: '4', SSO_CHANNEL: 'smsru', SMSRU_API_ID: 'abc-def', SMTP_URL: 'smtps://u:p%40ss@smtp.example.ru:465', MAIL_FROM: 'Excursio <noreply@excursio.ru>' });
    assert.equal(config.paymentProvider, 'yookassa');
    assert.deepEqual(config.providers.yookassa, { shopId: '123456', secretKey: 'live_secret_123', apiUrl: 'https://api.yookassa.ru/v3', vatCode: 4 });
    assert.deepEqual(config.providers.smsru, { apiId: 'abc-def', apiUrl: 'https://sms.ru', from: null });
    assert.deepEqual(config.providers.mail, { smtpUrl: 'smtps://u:p%40ss@smtp.example.ru:465', from: 'Excursio <noreply@excursio.ru>' });
    assert.equal(config.sso.channel, 'smsru');
  });

  it('refuses a half-configured provider, naming what is missing', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ PAYMENT_PROVIDER: 'yookassa' }, /PAYMENT_PROVIDER=yookassa needs YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY/],
      [{ PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '1' }, /needs YOOKASSA_SECRET_KEY/],
      [{ YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 's' }, /YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY set but PAYMENT_PROVIDER=yookassa is not/],
      [{ ...YOOKASSA, YOOKASSA_VAT_CODE: '20' }, /YOOKASSA_VAT_CODE must be an integer between 1 and 12/],
      [{ ...YOOKASSA, YOOKASSA_API_URL: 'ftp://x' }, /YOOKASSA_API_URL must be an http\(s\) URL/],
      [{ SSO_CHANNEL: 'smsru' }, /SSO_CHANNEL=smsru needs SMSRU_API_ID/],
      [{ SMSRU_API_ID: 'x' }, /SMSRU_API_ID set but SSO_CHANNEL=smsru is not/],
      [{ SMTP_URL: 'smtp://localhost:25' }, /SMTP_URL needs MAIL_FROM/],
      [{ MAIL_FROM: 'a@b.ru' }, /MAIL_FROM set but SMTP_URL is not/],
      [{ SMTP_URL: 'http://x', MAIL_FROM: 'a@b.ru' }, /SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
      [{ PAYMENT_PROVIDER: 'paypal' }, /PAYMENT_PROVIDER must be test or yookassa/],
      [{ SSO_CHANNEL: 'push' }, /SSO_CHANNEL must be dev or smsru/],
    ];
    for (const [env, reason] of cases) assert.throws(() => loadConfig({ APP_ENV: 'test', ...env }), reason, JSON.stringify(env));
  });

  it('a production api with ЮKassa or SMTP needs PUBLIC_URL', () => {
    const production = { APP_ENV: 'production', REALTIME_APP_SECRET: 'f'.repeat(64) };
    assert.match(developmentDefaults(loadConfig({ ...production, ...YOOKASSA })).join('\n'), /PAYMENT_PROVIDER=yookassa needs PUBLIC_URL/);
    assert.match(developmentDefaults(loadConfig({ ...production, SMTP_URL: 'smtp://h', MAIL_FROM: 'a@b.ru' })).join('\n'), /SMTP_URL needs PUBLIC_URL/);
    assert.deepEqual(developmentDefaults(loadConfig({ ...production, ...YOOKASSA, PUBLIC_URL: 'https://excursio.ru/' })), []);
    assert.equal(loadConfig({ ...production, PUBLIC_URL: 'https://excursio.ru/' }).publicUrl, 'https://excursio.ru');
    // production without a provider: none configured, the routes answer 503
    const bare = loadConfig(production);
    assert.equal(bare.paymentProvider, null);
    assert.equal(bare.sso.channel, null);
    assert.equal(bare.providers.mail, null);
  });

  it('keeps the secrets out of what is logged or stored', () => {
    const config = loadConfig({ APP_ENV: 'test', ...YOOKASSA, SSO_CHANNEL: 'smsru', SMSRU_API_ID: 'A1B2-C3D4', SMTP_URL: 'smtp://mailer:s3cr%40t@smtp.example.ru', MAIL_FROM: 'a@b.ru' });
    const secrets = providerSecrets(config.providers);
    const text = 'failed: live_secret_123 A1B2-C3D4 s3cr@t smtp://mailer:s3cr%40t@smtp.example.ru';
    const scrubbed = scrubSecrets(text, secrets);
    for (const secret of ['live_secret_123', 'A1B2-C3D4', 's3cr@t', 's3cr%40t']) assert.ok(!scrubbed.includes(secret), secret);
    assert.equal(redactUrl('/code/call?api_id=A1B2&phone=7916'), '/code/call?api_id=[REDACTED]&phone=7916');
    assert.equal(redactUrl('/x?shop_id=1&psw=2'), '/x?shop_id=[REDACTED]&psw=[REDACTED]');
  });
});
