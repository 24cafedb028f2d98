import { Link } from '@excursio/shared/router';
import { apiUrl, type ChatNotice } from '@excursio/shared';

export interface ChatToastProps {
  chat: ChatNotice;
  message: string;
  /** Where 'Перейти в заказ' leads. */
  orderLink: string;
  onFollow?: () => void;
}

/** A white chat toast: the sender's avatar, name and message, and a link to the order. Text only, never HTML. */
export function ChatToast({ chat, message, orderLink, onFollow }: ChatToastProps) {
  const initial = chat.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <div className="sh-chat-toast">
      {chat.avatar_path ? (
        <img className="sh-chat-toast__avatar" src={apiUrl(chat.avatar_path)} alt="" width={40} height={40} />
      ) : (
        <span className="sh-chat-toast__avatar sh-chat-toast__avatar--initial" aria-hidden="true">
          {initial}
        </span>
      )}
      <div className="sh-chat-toast__body">
        <p className="sh-chat-toast__name">{chat.name}</p>
        <p className="sh-chat-toast__message">{message}</p>
        <Link className="sh-chat-toast__link" to={orderLink} onClick={onFollow}>
          Перейти в заказ
        </Link>
      </div>
    </div>
  );
}
