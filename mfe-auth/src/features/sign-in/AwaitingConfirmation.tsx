import { formatPhone } from '../phone/phoneValue';

interface AwaitingConfirmationProps {
  phone: string;
  onChangePhone: () => void;
}

/** The request went out: the sign-in is confirmed on the phone (spec §4 waiting state). */
export function AwaitingConfirmation({ phone, onChangePhone }: AwaitingConfirmationProps) {
  return (
    <div className="au-step" aria-live="polite">
      <h2 className="au-step__title">Подтвердите вход на телефоне</h2>
      <p className="au-step__lead">
        Запрос на вход отправлен на номер <span className="au-step__phone">{formatPhone(phone)}</span>.
      </p>
      <button type="button" className="au-button au-button--secondary" onClick={onChangePhone}>
        Изменить номер
      </button>
    </div>
  );
}
