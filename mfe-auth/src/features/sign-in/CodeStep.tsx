import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import { formatPhone } from '@excursio/shared/phone';
import { PinInput } from '../../components/pin/PinInput';
import { ResendButton } from './ResendButton';
import type { SignInStore } from './SignInStore';

const TEXT = {
  call: {
    title: 'Введите последние 4 цифры номера',
    lead: 'Сейчас на номер {phone} поступит звонок. Отвечать не нужно — введите последние 4 цифры номера, с которого звонят.',
    pin: 'Последние 4 цифры входящего номера',
  },
  sms: {
    title: 'Введите код из SMS',
    lead: 'Мы отправили SMS с кодом на номер {phone}.',
    pin: 'Код из SMS',
  },
} as const;

/** The call step (last 4 digits of the calling number) and the SMS step: a 4-box PIN sent on the 4th digit. */
export const CodeStep = observer(function CodeStep({ store, stage }: { store: SignInStore; stage: 'call' | 'sms' }) {
  const errorId = useId();
  const text = TEXT[stage];
  const [before, after] = text.lead.split('{phone}');

  return (
    <div className="au-step">
      <h2 className="au-step__title">{text.title}</h2>
      <p className="au-step__lead">
        {before}
        <span className="au-step__phone">{formatPhone(store.phone)}</span>
        {after}
      </p>
      <PinInput
        // a new stage gets fresh boxes (and the focus)
        key={stage}
        value={store.pin}
        onChange={store.setPin}
        onComplete={(code) => void store.verify(code)}
        label={text.pin}
        disabled={store.verifying}
        invalid={store.codeError !== null}
        describedBy={store.codeError ? errorId : undefined}
      />
      {store.codeError && (
        <p id={errorId} className="au-step__error" role="alert">
          {store.codeError}
        </p>
      )}
      <ResendButton store={store} />
      <button type="button" className="au-link-button" onClick={store.changePhone}>
        Изменить номер
      </button>
    </div>
  );
});
