import { useId, useState } from 'react';
import type { AccountSettings } from '@excursio/shared';
import { failureText } from '@excursio/shared/ui';
import { accountCalls } from './accountCalls';

/** The day-before reminders by e-mail (on by default; each letter's unsubscribe link turns them off). */
export function RemindersSwitch({ settings, onSaved }: { settings: AccountSettings; onSaved: (settings: AccountSettings) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const change = async (enabled: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      onSaved((await accountCalls.setReminders(enabled)).data);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ua-settings__switch">
      <input id={id} type="checkbox" checked={settings.email_reminders} disabled={busy} onChange={(e) => void change(e.target.checked)} aria-describedby={`${id}-hint`} />
      <label htmlFor={id}>Напоминать о поездках письмом накануне</label>
      <p id={`${id}-hint`} className="ex-ui-hint">
        Чеки об оплате приходят всегда; напоминания можно выключить здесь или по ссылке в письме.
      </p>
      {failure && (
        <p className="ex-ui-alert" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
