import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { StaffSynonymGroup } from '@excursio/shared';
import { ErrorNote, Field, failureText, fieldErrors, LoadError, Skeleton, useLoad } from '@excursio/shared/ui';
import { BoPage, Empty } from '../../components/BoPage';
import { formatDateTime } from '../../components/format';
import { synonymCalls } from './synonymCalls';
import { SaveCancel } from '../../components/SaveCancel';

/** The words typed in the box: one per line or comma-separated. */
const termsOf = (text: string) =>
  text
    .split(/[\n,;]/)
    .map((t) => t.trim())
    .filter(Boolean);

function GroupForm({ group, onSaved, onCancel }: { group: StaffSynonymGroup | null; onSaved: (saved: StaffSynonymGroup) => void; onCancel: () => void }) {
  const [expansion, setExpansion] = useState(group?.expansion ?? '');
  const [terms, setTerms] = useState(group?.terms.join('\n') ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!expansion.trim()) local.expansion = 'Укажите, что искать: город, место или слово.';
    if (termsOf(terms).length === 0) local.terms = 'Добавьте хотя бы одно слово, которое набирают вместо этого.';
    setErrors(local);
    setProblem(null);
    if (Object.keys(local).length) return;
    setSaving(true);
    try {
      const body = { expansion: expansion.trim(), terms: termsOf(terms) };
      const saved = group ? await synonymCalls.update(group.id, body) : await synonymCalls.create(body);
      onSaved(saved.data);
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      setProblem(Object.keys(fields).length ? null : failureText(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="bo-form bo-card" onSubmit={(e) => void submit(e)} aria-label={group ? `Изменить группу «${group.expansion}»` : 'Новая группа синонимов'} noValidate>
      <Field label="Что искать" hint="Город, место или слово так, как оно написано на сайте: «санкт-петербург», «эрмитаж»." error={errors.expansion}>
        {(props) => <input {...props} className="ex-ui-input" value={expansion} maxLength={100} autoFocus onChange={(e) => setExpansion(e.target.value)} />}
      </Field>
      <Field label="Что набирают вместо этого" hint="По одному на строку или через запятую, до трёх слов в каждом: «питер», «спб», «северная столица»." error={errors.terms}>
        {(props) => <textarea {...props} className="ex-ui-textarea" rows={4} value={terms} onChange={(e) => setTerms(e.target.value)} />}
      </Field>
      <ErrorNote text={problem} />
      <SaveCancel label="Сохранить группу" saving={saving} onCancel={onCancel} />
    </form>
  );
}

/** «Удалить группу?» with the confirming button focused as it appears (Enter removes, Tab reaches «Оставить»). */
function ConfirmRemove({ group, onRemove, onKeep }: { group: StaffSynonymGroup; onRemove: () => void; onKeep: () => void }) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div className="bo-row">
      <span>Удалить группу?</span>
      <button ref={confirm} type="button" className="ex-ui-button bo-button-danger" onClick={onRemove}>
        Да, удалить «{group.expansion}»
      </button>
      <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={onKeep}>
        Оставить
      </button>
    </div>
  );
}

/**
 * /backoffice/synonyms: the search's synonym groups — what a query also searches when a traveller types a nickname
 * («питер» → «санкт-петербург»). Any staff member adds, edits and removes them; search follows at once; each change
 * is in the audit log.
 */
export function SynonymsPage() {
  const { data, error, loading, reload } = useLoad('search-synonyms', () => synonymCalls.list().then((r) => r.data));
  const [editing, setEditing] = useState<StaffSynonymGroup | 'new' | null>(null);
  const [removing, setRemoving] = useState<StaffSynonymGroup | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const saved = (group: StaffSynonymGroup) => {
    setEditing(null);
    setDone(`Группа «${group.expansion}» сохранена, поиск уже её учитывает.`);
    reload();
  };
  const remove = async (group: StaffSynonymGroup) => {
    setProblem(null);
    try {
      await synonymCalls.remove(group.id);
      setRemoving(null);
      setDone(`Группа «${group.expansion}» удалена.`);
      reload();
      addButton.current?.focus();
    } catch (failure) {
      setProblem(failureText(failure));
    }
  };
  const start = (target: StaffSynonymGroup | 'new') => {
    setDone(null);
    setRemoving(null);
    setEditing(target);
  };
  return (
    <BoPage
      heading="Синонимы поиска"
      actions={
        <button ref={addButton} type="button" className="ex-ui-button" onClick={() => start('new')}>
          Новая группа
        </button>
      }
    >
      <p className="bo-muted">Если путешественник наберёт слово из группы, поиск найдёт и то, что в ней указано искать.</p>
      {done && <output className="bo-notice bo-notice--ok">{done}</output>}
      {editing === 'new' && <GroupForm group={null} onSaved={saved} onCancel={() => setEditing(null)} />}
      {error != null && !data && <LoadError error={error} onRetry={reload} />}
      {loading && !data && <Skeleton lines={4} height={40} />}
      {data && data.length === 0 && <Empty>Групп пока нет.</Empty>}
      {data && data.length > 0 && (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <caption className="bo-sr">Группы синонимов</caption>
            <thead>
              <tr>
                <th scope="col">Что искать</th>
                <th scope="col">Что набирают</th>
                <th scope="col">Изменено</th>
                <th scope="col">
                  <span className="bo-sr">Действия</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((group) =>
                editing !== 'new' && editing?.id === group.id ? (
                  <tr key={group.id}>
                    <td colSpan={4}>
                      <GroupForm group={group} onSaved={saved} onCancel={() => setEditing(null)} />
                    </td>
                  </tr>
                ) : (
                  <tr key={group.id}>
                    <th scope="row">{group.expansion}</th>
                    <td>{group.terms.join(', ')}</td>
                    <td>
                      {formatDateTime(group.updated_at)}
                      {group.updated_by && <div className="bo-muted">{group.updated_by.name}</div>}
                    </td>
                    <td>
                      {removing?.id === group.id ? (
                        <ConfirmRemove group={group} onRemove={() => void remove(group)} onKeep={() => setRemoving(null)} />
                      ) : (
                        <div className="bo-row">
                          <button type="button" className="ex-ui-button ex-ui-button--secondary" aria-label={`Изменить «${group.expansion}»`} onClick={() => start(group)}>
                            Изменить
                          </button>
                          <button
                            type="button"
                            className="ex-ui-button ex-ui-button--secondary"
                            aria-label={`Удалить «${group.expansion}»`}
                            onClick={() => {
                              setDone(null);
                              setRemoving(group);
                            }}
                          >
                            Удалить
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      <ErrorNote text={problem} />
    </BoPage>
  );
}
