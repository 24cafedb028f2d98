import { useId, useState, type FormEvent } from 'react';
import type { StaffTicket } from '@excursio/shared';
import { ErrorNote, failureText, fieldErrors } from '@excursio/shared/ui';
import { TemplatePicker } from '../../components/TemplatePicker';
import { supportCalls } from './supportCalls';

/** An answer the customer reads, or an internal note only staff see (the choice is explicit, the note looks apart). */
export function ReplyForm({ ticketId, onSaved }: { ticketId: number; onSaved: (ticket: StaffTicket) => void }) {
  const id = useId();
  const [mode, setMode] = useState<'answer' | 'note'>('answer');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setProblem(mode === 'answer' ? 'Напишите ответ.' : 'Напишите заметку.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const saved = mode === 'answer' ? await supportCalls.answer(ticketId, text.trim()) : await supportCalls.note(ticketId, text.trim());
      onSaved(saved.data);
      setText('');
    } catch (error) {
      setProblem(fieldErrors(error).text ?? failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={`bo-card bo-form bo-reply bo-reply--${mode}`} onSubmit={(e) => void submit(e)} aria-label="Ответ или заметка">
      <fieldset className="bo-reply__modes">
        <legend className="ex-ui-label">Что написать</legend>
        <label>
          <input type="radio" name={`${id}-mode`} checked={mode === 'answer'} onChange={() => setMode('answer')} /> Ответ автору
        </label>
        <label>
          <input type="radio" name={`${id}-mode`} checked={mode === 'note'} onChange={() => setMode('note')} /> Внутренняя заметка
        </label>
      </fieldset>
      {mode === 'answer' && <TemplatePicker list="support" onPick={(t) => setText(t.text)} />}
      <div className="ex-ui-field">
        <label className="ex-ui-label" htmlFor={id}>
          {mode === 'answer' ? 'Ответ (автор его увидит)' : 'Заметка (видят только сотрудники)'}
        </label>
        <textarea id={id} className="ex-ui-textarea" value={text} maxLength={5000} onChange={(e) => setText(e.target.value)} />
      </div>
      <ErrorNote text={problem} />
      <div>
        <button type="submit" className="ex-ui-button" disabled={busy}>
          {mode === 'answer' ? 'Отправить ответ' : 'Сохранить заметку'}
        </button>
      </div>
    </form>
  );
}
