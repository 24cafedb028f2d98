import { useEffect, useRef, useState, type FormEvent } from 'react';
import { bus, session, type AccountSettings, type AuthResult, type Profile } from '@excursio/shared';
import { formatPhone } from '@excursio/shared/phone';
import { Field, failureText, fieldErrors, useAction } from '@excursio/shared/ui';
import { accountCalls } from './accountCalls';

/** How often the confirmation is looked at (the sign-in modal's rhythm, spec §4). */
const POLL_MS = 2000;

const WAITING: Partial<Record<AuthResult, string>> = {
  await_code_push: 'Мы отправили запрос на новый номер: подтвердите его на том телефоне.',
  await_code_call: 'На новый номер поступит звонок: введите последние 4 цифры номера, с которого звонят.',
  await_code_sms: 'На новый номер отправлено SMS с кодом: введите его.',
};

interface Pending {
  authReqId: string;
  phone: string;
  result: AuthResult;
}

/**
 * Changing the phone: the new number gets the sign-in's own confirmation (push, then an incoming call, then an SMS);
 * only once confirmed does it replace the old one (the answer brings a fresh token for the same account).
 */
export function PhoneSection({ settings, onChanged }: { settings: AccountSettings; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | undefined>();
  const { busy, run } = useAction();
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const finish = async (token: string, user: Profile) => {
    await session.signIn(token, user);
    setPending(null);
    setEditing(false);
    setPhone('');
    setCode('');
    bus.emit('toast:show', { type: 'info', message: `Номер изменён: ${formatPhone(user.phone)}` });
    onChanged();
  };

  // poll while a confirmation is awaited
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      accountCalls.checkPhone(pending.authReqId).then(
        async (res) => {
          if (!alive.current) return;
          const { result, token, user } = res.data;
          if (result === 'accessed' && token && user) return finish(token, user);
          if (result === 'cancelled') {
            setPending(null);
            setError('Номер не подтверждён: время вышло или запрос отклонён. Попробуйте ещё раз.');
            return;
          }
          if (result !== pending.result) setPending({ ...pending, result });
        },
        () => undefined, // a failed check is retried on the next tick
      );
    }, POLL_MS);
    return () => clearInterval(timer);
    // `finish` only uses state setters and the session: the interval follows `pending` alone
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [pending]);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (phone.replace(/\D/g, '').length < 10) return setError('Введите корректный номер телефона');
    await run(
      async () => {
        const started = (await accountCalls.changePhone(phone)).data;
        setPending({ authReqId: started.auth_req_id, phone, result: started.result });
      },
      { onError: (failure) => setError(fieldErrors(failure).phone ?? failureText(failure)) },
    );
  };
  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!pending) return;
    if (!/^\d{4}$/.test(code)) return setError('Введите 4 цифры.');
    setError(undefined);
    await run(
      async () => {
        const { token, user } = (await accountCalls.verifyPhone(pending.authReqId, code)).data;
        if (token && user) await finish(token, user);
      },
      {
        onError: (failure) => {
          setError(fieldErrors(failure).code ?? failureText(failure));
          setCode('');
        },
      },
    );
  };

  return (
    <section className="ex-ui-card ua-settings__section" aria-labelledby="ua-settings-phone">
      <h2 id="ua-settings-phone" className="ua-settings__title">
        Телефон
      </h2>
      <p className="ua-settings__value">{formatPhone(settings.phone)}</p>
      <p className="ex-ui-hint">По этому номеру вы входите на сайт; его видят гиды ваших оплаченных заказов.</p>
      {pending ? (
        <form className="ua-settings__form" onSubmit={verify} noValidate>
          <output className="ua-settings__value">
            {WAITING[pending.result] ?? 'Ждём подтверждения нового номера…'}
          </output>
          {pending.result !== 'await_code_push' && (
            <Field label="Код подтверждения" error={error}>
              {(props) => (
                <input {...props} className="ex-ui-input ua-settings__code" inputMode="numeric" autoComplete="one-time-code" maxLength={4} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
              )}
            </Field>
          )}
          <div className="ua-settings__actions">
            {pending.result !== 'await_code_push' && (
              <button type="submit" className="ex-ui-button" disabled={busy}>
                Подтвердить
              </button>
            )}
            <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setPending(null)}>
              Отмена
            </button>
          </div>
        </form>
      ) : editing ? (
        <form className="ua-settings__form" onSubmit={start} noValidate>
          <Field label="Новый номер" error={error} hint="Подтвердим его так же, как при входе: запросом на телефон, звонком или SMS">
            {(props) => <input {...props} type="tel" className="ex-ui-input" autoComplete="tel" placeholder="+7 900 000-00-00" value={phone} onChange={(e) => setPhone(e.target.value)} />}
          </Field>
          <div className="ua-settings__actions">
            <button type="submit" className="ex-ui-button" disabled={busy}>
              Подтвердить номер
            </button>
            <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setEditing(false)}>
              Отмена
            </button>
          </div>
        </form>
      ) : (
        <>
          {error && (
            <p className="ex-ui-error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="ex-ui-button ex-ui-button--secondary ua-settings__change" onClick={() => setEditing(true)}>
            Изменить номер
          </button>
        </>
      )}
    </section>
  );
}
