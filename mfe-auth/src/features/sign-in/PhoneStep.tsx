import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@excursio/shared/router';
import { observer } from 'mobx-react-lite';
import { visitorCountry } from '../../components/phone/countryLookup';
import { PhoneField } from '../../components/phone/PhoneField';
import { fullDigits, phoneProblem, phoneValueOf, type PhoneValue } from '../../components/phone/phoneValue';
import { INVALID_PHONE_TEXT, REQUIRED_PHONE_TEXT } from './signInErrors';
import type { SignInStore } from './SignInStore';

interface PhoneStepProps {
  store: SignInStore;
  /** Leaving the modal through a link (the offer document). */
  onLeave: () => void;
}

/** Spec §4/§5 phone step: the number (Russia, or the visitor's country, preselected), then the sign-in request. */
export const PhoneStep = observer(function PhoneStep({ store, onLeave }: PhoneStepProps) {
  const [phone, setPhone] = useState<PhoneValue>(() => phoneValueOf(store.phone));
  const [localError, setLocalError] = useState<string | null>(null);
  const touched = useRef(store.phone !== '');

  useEffect(() => {
    if (touched.current) return;
    let live = true;
    void visitorCountry().then((country) => {
      if (live && country && !touched.current) setPhone({ country, national: '' });
    });
    return () => {
      live = false;
    };
  }, []);

  // The stored phone arrives once the store opened (after the first render): show it unless the visitor typed.
  useEffect(() => {
    if (store.phone && !touched.current) setPhone(phoneValueOf(store.phone));
  }, [store.phone]);

  const change = (next: PhoneValue) => {
    touched.current = true;
    setPhone(next);
    setLocalError(null);
    store.clearPhoneError();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (store.requesting || store.requestBlocked) return;
    const problem = phoneProblem(phone);
    if (problem) {
      setLocalError(problem === 'required' ? REQUIRED_PHONE_TEXT : INVALID_PHONE_TEXT);
      return;
    }
    store.submitPhone(fullDigits(phone));
  };

  const blocked = store.requestBlocked;
  return (
    <form className="au-step" onSubmit={submit} noValidate aria-label="Вход по номеру телефона">
      <h2 className="au-step__title">Вход или регистрация</h2>
      <p className="au-step__lead">Введите номер телефона — мы поможем войти или создать аккаунт.</p>
      {store.failure && (
        <p className="au-step__alert" role="alert">
          {store.failure}
        </p>
      )}
      <PhoneField
        value={phone}
        onChange={change}
        error={localError ?? store.phoneError}
        disabled={store.requesting}
        autoFocus
      />
      <button type="submit" className="au-button" disabled={store.requesting || blocked} aria-busy={store.requesting}>
        {blocked ? `Получить код через ${store.countdown.label}` : 'Получить код'}
      </button>
      <p className="au-step__consent">
        Нажимая «Получить код», вы принимаете условия{' '}
        <Link to="/docs/oferta" onClick={onLeave}>
          оферты и пользовательского соглашения
        </Link>
      </p>
    </form>
  );
});
