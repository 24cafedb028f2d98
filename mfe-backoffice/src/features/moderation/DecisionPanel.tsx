import { useId, useState, type FormEvent } from 'react';
import type { ModerationDetail, ModerationKindPath } from '@excursio/shared';
import { ErrorNote, failureText, fieldErrors } from '@excursio/shared/ui';
import { TemplatePicker } from '../../components/TemplatePicker';
import { moderationCalls } from './moderationCalls';

interface DecisionPanelProps {
  item: ModerationDetail;
  kind: ModerationKindPath;
  /** Someone else reviews it: no decision until their claim lapses. */
  blocked: boolean;
  onDecided: (message: string) => void;
}

/** Approve, or reject with a comment the partner reads (a template may start it). */
export function DecisionPanel({ item, kind, blocked, onDecided }: DecisionPanelProps) {
  const commentId = useId();
  const [comment, setComment] = useState('');
  const [templateId, setTemplateId] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>, message: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      onDecided(message);
    } catch (error) {
      setProblem(fieldErrors(error).comment ?? failureText(error));
      setBusy(false);
    }
  };

  const reject = (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) {
      setProblem('Напишите партнёру, что исправить.');
      return;
    }
    void run(() => moderationCalls.reject(kind, item.id, comment.trim(), templateId), 'Отклонено, партнёр получил комментарий.');
  };

  return (
    <form className="bo-card bo-form" onSubmit={reject} aria-label="Решение по заявке">
      <h2 className="bo-section__title">Решение</h2>
      {blocked && <p className="bo-muted">Заявку проверяет другой модератор. Решение можно принять, когда он закончит или через 15 минут.</p>}
      <TemplatePicker
        list="moderation"
        onPick={(template) => {
          setComment(template.text);
          setTemplateId(template.id);
        }}
      />
      <div className="ex-ui-field">
        <label className="ex-ui-label" htmlFor={commentId}>
          Комментарий партнёру
        </label>
        <textarea
          id={commentId}
          className="ex-ui-textarea"
          value={comment}
          maxLength={2000}
          onChange={(event) => setComment(event.target.value)}
          aria-describedby={`${commentId}-hint`}
        />
        <span id={`${commentId}-hint`} className="ex-ui-hint">
          Обязателен при отклонении, необязателен при одобрении.
        </span>
      </div>
      <ErrorNote text={problem} />
      <div className="bo-row">
        <button
          type="button"
          className="ex-ui-button"
          disabled={busy || blocked}
          onClick={() => void run(() => moderationCalls.approve(kind, item.id, comment.trim() || undefined), 'Одобрено.')}
        >
          Одобрить
        </button>
        <button type="submit" className="ex-ui-button bo-button-danger" disabled={busy || blocked}>
          Отклонить
        </button>
      </div>
    </form>
  );
}
