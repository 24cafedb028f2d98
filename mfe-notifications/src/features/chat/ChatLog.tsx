import { useLayoutEffect, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import type { ChatStore } from './ChatStore';
import { shortDateTime } from '../../lib/dateTime';
import { useReadMarker } from './useReadMarker';
import { ChatProposal } from './ChatProposal';

/** Within this distance of the bottom the log follows new messages. */
const FOLLOW_PX = 64;

interface ChatLogProps {
  store: ChatStore;
  /** What an empty conversation says. */
  emptyText: string;
}

/** The messages, oldest on top, mine on the right. Text only: rendered as text, line breaks kept, links as text. */
export const ChatLog = observer(function ChatLog({ store, emptyText }: ChatLogProps) {
  const log = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  useReadMarker(log, store);

  const first = store.messages[0]?.id ?? 0;
  const last = store.messages.at(-1);
  useLayoutEffect(() => {
    const el = log.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      // older messages went on top: the ones being read stay where they were
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (follow.current || (last && store.isMine(last))) {
      el.scrollTop = el.scrollHeight;
    }
  }, [first, last, store]);

  const showOlder = () => {
    heightBeforeOlder.current = log.current?.scrollHeight ?? null;
    void store.loadOlder().then(() => {
      if (store.messages[0]?.id === first) heightBeforeOlder.current = null; // nothing came
      // the button goes with the last page: focus stays in the conversation, not lost to the page
      if (!store.hasMore) log.current?.focus();
    });
  };
  const onScroll = () => {
    const el = log.current;
    if (el) follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX;
  };
  const counterpart = store.counterpart?.display_name ?? 'собеседником';

  return (
    <div
      ref={log}
      className="nt-chat__log"
      role="log"
      aria-live="polite"
      aria-label={`Переписка с ${counterpart}`}
      aria-busy={store.loadingOlder}
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1; axe scrollable-region-focusable)
      tabIndex={0}
      onScroll={onScroll}
    >
      {store.hasMore && (
        <button type="button" className="nt-chat__older" onClick={showOlder} aria-disabled={store.loadingOlder}>
          {store.loadingOlder ? 'Загружаем…' : 'Показать раньше'}
        </button>
      )}
      {store.messages.length === 0 ? (
        <p className="nt-chat__empty">{emptyText}</p>
      ) : (
        <ol className="nt-chat__messages">
          {store.messages.map((m) => {
            const mine = store.isMine(m);
            return (
              <li
                key={m.id}
                className={mine ? 'nt-chat__msg nt-chat__msg--mine' : 'nt-chat__msg'}
                data-message-id={m.id}
                data-theirs={mine ? undefined : ''}
              >
                <span className="nt-sr-only">{mine ? 'Вы' : counterpart}: </span>
                <p className="nt-chat__text">{m.text}</p>
                {m.proposal && <ChatProposal store={store} message={m} />}
                <time className="nt-chat__time" dateTime={m.created_at}>
                  {shortDateTime(m.created_at)}
                </time>
                {mine && m.id === store.lastMine?.id && store.lastMineRead && <span className="nt-chat__read">Прочитано</span>}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
});
