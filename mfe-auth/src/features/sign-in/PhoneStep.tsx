import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api, bus } from '@excursio/shared';
import { PhoneField } from '../phone/PhoneField';
import { EMPTY_PHONE, fullDigits, phoneProblem, type PhoneValue } from '../phone/phoneValue';
import { describeSignInFailure, INVALID_PHONE_TEXT, REQUIRED_PHONE_TEXT } from './signInErrors';

export interface SignInRequested {
  authReqId: string;
  phone: string;
}

interface PhoneStepProps {
  onRequested: (request: SignInRequested) => void;
  /** Leaving the modal through a link (the offer document). */
  onLeave: () => void;
}

/** Spec §4/§5 phone step: the number, then the sign-in request with its digits. */
export function PhoneStep({ onRequested, onLeave }: PhoneStepProps) {
  const [phone, setPhone] = useState<PhoneValue>(EMPTY_PHONE);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const change = (next: PhoneValue) => {
    setPhone(next);
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem = phoneProblem(phone);
    if (problem) {
      setError(problem === 'required' ? REQUIRED_PHONE_TEXT : INVALID_PHONE_TEXT);
      return;
    }
    const digits = fullDigits(phone);
    setPending(true);
    try {
      const res = await api.requestSignIn(digits);
      onRequested({ authReqId: res.data.auth_req_id, phone: digits });
    } catch (failure) {
      const told = describeSignInFailure(failure);
      if ('field' in told) setError(told.field);
      else bus.emit('toast:show', { type: 'error', message: told.toast });
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="au-step" onSubmit={submit} noValidate>
      <h2 className="au-step__title">Вход или регистрация</h2>
      <p className="au-step__lead">Введите номер телефона — мы поможем войти или создать аккаунт.</p>
      <PhoneField value={phone} onChange={change} error={error} disabled={pending} />
      <button type="submit" className="au-button" disabled={pending} aria-busy={pending}>
        Получить код
      </button>
      <p className="au-step__consent">
        Нажимая «Получить код», вы принимаете условия{' '}
        <Link to="/docs/oferta" onClick={onLeave}>
          оферты и пользовательского соглашения
        </Link>
      </p>
    </form>
  );
}
