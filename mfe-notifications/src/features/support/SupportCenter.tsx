import { useState } from 'react';
import { useSearchParams } from '@excursio/shared/router';
import type { SupportCenterProps } from '@excursio/shared';
import { NewTicketForm } from './NewTicketForm';
import { TicketConversation } from './TicketConversation';
import { TicketList } from './TicketList';
import './support.css';

/**
 * The support of the signed-in customer or partner (the `SupportCenter` widget of /account/user/support and
 * /account/partner/support): the list, a new ticket (`?order=ID` attaches an order), the conversation (`?ticket=ID`).
 */
export function SupportCenter({ userType }: SupportCenterProps) {
  const [params, setParams] = useSearchParams();
  const ticketId = Number(params.get('ticket')) || null;
  const orderId = Number(params.get('order')) || null;
  const [creating, setCreating] = useState(orderId !== null);
  const [version, setVersion] = useState(0);
  const open = (id: number | null) => {
    setCreating(false);
    setParams(id ? { ticket: String(id) } : {});
  };

  return (
    <div className="nt-support" data-account={userType}>
      {ticketId ? (
        <TicketConversation id={ticketId} onBack={() => open(null)} onChanged={() => setVersion((v) => v + 1)} />
      ) : creating ? (
        <NewTicketForm
          orderId={orderId}
          onCreated={(t) => {
            setVersion((v) => v + 1);
            open(t.id);
          }}
          onCancel={() => open(null)}
        />
      ) : (
        <TicketList onOpen={open} onNew={() => setCreating(true)} version={version} />
      )}
    </div>
  );
}
