import { observer } from 'mobx-react-lite';
import type { SignInStore } from './SignInStore';

/** Spec §4 item 7: disabled while the countdown runs, showing the time left as mm:ss. */
export const ResendButton = observer(function ResendButton({ store }: { store: SignInStore }) {
  const waiting = store.countdown.running;
  return (
    <button
      type="button"
      className="au-button au-button--secondary"
      disabled={waiting || store.requesting}
      aria-busy={store.requesting}
      onClick={store.resend}
    >
      {waiting ? (
        // one text run: a flex button would drop the space before <time>
        <span>
          Новый запрос через <time className="au-countdown">{store.countdown.label}</time>
        </span>
      ) : (
        'Отправить новый запрос'
      )}
    </button>
  );
});
