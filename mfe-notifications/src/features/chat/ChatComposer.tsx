import { useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { pluralRu } from '@excursio/shared';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../lib/contractNames';
import type { ChatStore } from './ChatStore';
import './composer.css';

/** The counter shows from this many characters left. */
const COUNTER_FROM = 200;

/** The message field (grows with its text, up to a limit), the counter near the limit, the error and the send button. */
export const ChatComposer = observer(function ChatComposer({ store }: { store: ChatStore }) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const left = CHAT_MESSAGE_MAX_LENGTH - store.draft.length;
  const nearLimit = left <= COUNTER_FROM;

  useLayoutEffect(() => {
    const el = field.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [store.draft]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line; Enter that ends an IME composition is neither
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void store.send();
  };
  const describedBy = [`${id}-hint`, nearLimit && `${id}-counter`, store.error && `${id}-error`].filter(Boolean).join(' ');

  return (
    <form
      className="nt-chat__composer"
      onSubmit={(event) => {
        event.preventDefault();
        void store.send();
      }}
    >
      <label htmlFor={id} className="nt-chat__label">
        Сообщение
      </label>
      <textarea
        id={id}
        ref={field}
        className="nt-chat__input"
        rows={2}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        value={store.draft}
        onChange={(event) => store.setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={store.error ? true : undefined}
        aria-describedby={describedBy}
      />
      <div className="nt-chat__under">
        <p id={`${id}-hint`} className="nt-chat__hint">
          Enter — отправить, Shift+Enter — новая строка
        </p>
        {nearLimit && (
          <p id={`${id}-counter`} className={left <= 0 ? 'nt-chat__counter nt-chat__counter--full' : 'nt-chat__counter'}>
            {left > 0 ? `Осталось ${pluralRu(left, ['символ', 'символа', 'символов'])}` : 'Больше символов не поместится'}
          </p>
        )}
      </div>
      {store.error && (
        <p id={`${id}-error`} className="nt-chat__error" role="alert">
          {store.error}
        </p>
      )}
      <button type="submit" className="nt-chat__send" aria-disabled={store.sending ? true : undefined}>
        {store.sending ? 'Отправляем…' : 'Отправить'}
      </button>
    </form>
  );
});
