import { useEffect, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { formatPhone } from '@excursio/shared/phone';
import { ResendButton } from './ResendButton';
import type { SignInStore } from './SignInStore';

/** The waiting state: a push on the SIM card is confirmed on the phone itself. */
export const PushStep = observer(function PushStep({ store }: { store: SignInStore }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);

  return (
    <div className="au-step">
      <h2 className="au-step__title" ref={title} tabIndex={-1}>
        Подтвердите вход на телефоне
      </h2>
      <p className="au-step__lead">
        Запрос на вход отправлен на номер <span className="au-step__phone">{formatPhone(store.phone)}</span>.
      </p>
      <ol className="au-instructions">
        <li>На экране телефона появится уведомление от SIM-карты — интернет для этого не нужен.</li>
        <li>Нажмите в нём «Подтвердить» или «ОК».</li>
        <li>Вход выполнится сам, это окно закроется.</li>
      </ol>
      <output className="au-wait">
        {store.polling ? (
          <>
            <span className="au-wait__spinner" aria-hidden="true" />
            Ждём подтверждения…
          </>
        ) : (
          'Подтверждение не получено. Запросите вход ещё раз.'
        )}
      </output>
      <p className="au-step__hint">Если уведомление не придёт, мы позвоним или пришлём код в SMS.</p>
      <ResendButton store={store} />
      <button type="button" className="au-link-button" onClick={store.changePhone}>
        Изменить номер
      </button>
    </div>
  );
});
