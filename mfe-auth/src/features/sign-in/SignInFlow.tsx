import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { bus, session } from '@excursio/shared';
import { systemClock } from '../../lib/countdown/clock';
import { CodeStep } from './CodeStep';
import { PhoneStep } from './PhoneStep';
import { PushStep } from './PushStep';
import { signInCalls } from './signInCalls';
import { createSignInStorage } from './signInStorage';
import { SignInStore } from './SignInStore';

/** The sign-in modal's content: one store per opening, started on mount and stopped when the modal closes. */
export const SignInFlow = observer(function SignInFlow({ onClose }: { onClose: () => void }) {
  const close = useRef(onClose);
  close.current = onClose;
  const [store] = useState(
    () =>
      new SignInStore({
        api: signInCalls,
        session,
        bus,
        clock: systemClock,
        storage: createSignInStorage(),
        onClose: () => close.current(),
      }),
  );

  useEffect(() => {
    store.open();
    return store.dispose;
  }, [store]);

  switch (store.step) {
    case 'push':
      return <PushStep store={store} />;
    case 'call':
    case 'sms':
      return <CodeStep store={store} stage={store.step} />;
    default:
      return <PhoneStep store={store} onLeave={onClose} />;
  }
});
