import { useId, useState, type FormEvent } from 'react';
import type { StaffAccount } from '@excursio/shared';
import { ErrorNote, failureText, fieldErrors } from '@excursio/shared/ui';
import { isAdmin, useStaffMe } from '../../components/StaffContext';
import { accountCalls, ROLES } from './accountCalls';

interface Props {
  account: StaffAccount;
  onDone: (account: StaffAccount, message: string) => void;
}

function BlockForm({ account, onDone }: Props) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const blocked = Boolean(account.blocked);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setProblem('Укажите причину.');
    setProblem(null);
    try {
      const next = blocked ? await accountCalls.unblock(account.id, reason.trim()) : await accountCalls.block(account.id, reason.trim());
      setReason('');
      onDone(next.data, blocked ? 'Аккаунт разблокирован.' : 'Аккаунт заблокирован: его сессии закрыты.');
    } catch (error) {
      setProblem(fieldErrors(error).reason ?? failureText(error));
    }
  };
  return (
    <form className="bo-card bo-form" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 className="bo-section__title" id={`${id}-title`}>
        {blocked ? 'Разблокировать' : 'Заблокировать'}
      </h2>
      {!blocked && <p className="bo-muted">Все входы аккаунта сразу перестанут работать, опубликованные экскурсии партнёра уйдут из каталога.</p>}
      <div className="ex-ui-field">
        <label className="ex-ui-label" htmlFor={id}>
          Причина
        </label>
        <textarea id={id} className="ex-ui-textarea" value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
      </div>
      <ErrorNote text={problem} />
      <div>
        <button type="submit" className={`ex-ui-button ${blocked ? '' : 'bo-button-danger'}`}>
          {blocked ? 'Разблокировать' : 'Заблокировать'}
        </button>
      </div>
    </form>
  );
}

function RoleForm({ account, onDone }: Props) {
  const id = useId();
  const [role, setRole] = useState<'client' | 'staff' | 'admin'>(account.role === 'partner' ? 'client' : account.role);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      onDone((await accountCalls.setRole(account.id, role)).data, `Роль: ${ROLES[role].toLowerCase()}.`);
    } catch (error) {
      setProblem(fieldErrors(error).role ?? failureText(error));
    }
  };
  return (
    <form className="bo-card bo-form" onSubmit={(e) => void submit(e)}>
      <div className="ex-ui-field">
        <label className="ex-ui-label" htmlFor={id}>
          Роль
        </label>
        <select id={id} className="ex-ui-select" value={role} onChange={(e) => setRole(e.target.value as typeof role)}>
          <option value="client">{ROLES.client}</option>
          <option value="staff">{ROLES.staff}</option>
          <option value="admin">{ROLES.admin}</option>
        </select>
      </div>
      <ErrorNote text={problem} />
      <div>
        <button type="submit" className="ex-ui-button ex-ui-button--secondary">
          Сохранить роль
        </button>
      </div>
    </form>
  );
}

/** Block / unblock and roles (admins), a partner's requisites marked verified (any staff member). */
export function AccountActions({ account, onDone }: Props) {
  const me = useStaffMe();
  const admin = isAdmin(me);
  const [problem, setProblem] = useState<string | null>(null);
  const self = me?.id === account.id;
  const verify = async () => {
    setProblem(null);
    try {
      onDone((await accountCalls.verifyRequisites(account.id)).data, 'Реквизиты отмечены как проверенные.');
    } catch (error) {
      setProblem(failureText(error));
    }
  };
  return (
    <>
      {account.requisites && !account.requisites.verified && (
        <div className="bo-card bo-form">
          <p className="bo-muted">
            {account.requisites.inn_valid ? 'ИНН прошёл проверку контрольных цифр.' : 'ИНН не прошёл проверку контрольных цифр.'}
          </p>
          <div>
            <button type="button" className="ex-ui-button" onClick={() => void verify()} disabled={!account.requisites.inn_valid}>
              Отметить реквизиты проверенными
            </button>
          </div>
          <ErrorNote text={problem} />
        </div>
      )}
      {admin && !self && !account.deleted && <BlockForm account={account} onDone={onDone} />}
      {admin && !self && account.role !== 'partner' && !account.deleted && <RoleForm account={account} onDone={onDone} />}
      {!admin && <p className="bo-muted">Блокировку и роли меняют администраторы.</p>}
    </>
  );
}
