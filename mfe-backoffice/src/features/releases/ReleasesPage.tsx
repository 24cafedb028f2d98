import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from '@excursio/shared/router';
import type { ReleaseHistoryEntry, ReleasePreviewLink, ReleaseSummary, StaffReleaseApp, StaffReleases } from '@excursio/shared';
import { ErrorNote, failureText, LoadError, Skeleton, useAction, useLoad } from '@excursio/shared/ui';
import { Badge, BoPage, Empty } from '../../components/BoPage';
import { formatDateTime } from '../../components/format';
import { isAdmin, useStaffMe } from '../../components/StaffContext';
import { releaseCalls } from './releaseCalls';
import { ACTIONS, appName, percent, size } from './releaseTexts';
import './releases.css';

const ENV = /^[a-z][a-z0-9-]{0,31}$/;
const short = (hash: string) => hash.slice(0, 12);

/**
 * /backoffice/releases (admins): each released app's live build, its canary with both error rates, its builds and
 * the history of its pointer; rollback, promote and preview links (issue 28). `?env=` picks another environment.
 */
export function ReleasesPage() {
  const me = useStaffMe();
  if (!me) return <Skeleton lines={3} height={120} />;
  if (!isAdmin(me)) {
    return (
      <BoPage heading="Выпуски">
        <p className="bo-muted">Выпусками приложений управляют администраторы.</p>
      </BoPage>
    );
  }
  return <Releases />;
}

function Releases() {
  const [params] = useSearchParams();
  const asked = params.get('env') ?? '';
  const env = ENV.test(asked) ? asked : 'production';
  const { data, error, loading, reload } = useLoad(`releases:${env}`, () => releaseCalls.list(env).then((r) => r.data));
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => {
    setNotice(message);
    reload();
  };

  return (
    <BoPage
      heading="Выпуски"
      actions={
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={reload}>
          Обновить
        </button>
      }
    >
      {error != null && !data && <LoadError error={error} onRetry={reload} />}
      {loading && !data && <Skeleton lines={3} height={120} />}
      {data && <Overview data={data} notice={notice} onDone={done} />}
    </BoPage>
  );
}

function Overview({ data, notice, onDone }: { data: StaffReleases; notice: string | null; onDone: (message: string) => void }) {
  return (
    <>
      <p className="bo-muted">
        Окружение «{data.env}». Канарейка откатывается сама, когда от её посетителей пришло не меньше {data.rule.min_errors} сообщений об ошибках и доля
        ошибок у неё выше, чем у живого выпуска, больше чем на {data.rule.margin_pct.toLocaleString('ru-RU')} п. п.
      </p>
      {notice && <output className="ex-ui-alert bo-notice">{notice}</output>}
      {data.apps.length === 0 && <Empty>Выпусков ещё не было: приложения работают из своих сборок, как настроено. Команда выпуска описана в docs/releases.md.</Empty>}
      {data.apps.map((app) => (
        <AppReleases key={app.app} app={app} env={data.env} onDone={onDone} />
      ))}
    </>
  );
}

function AppReleases({ app, env, onDone }: { app: StaffReleaseApp; env: string; onDone: (message: string) => void }) {
  const id = useId();
  const byId = new Map(app.releases.map((r) => [r.id, r]));
  const live = app.pointer?.release ?? null;
  const canary = app.pointer?.canary ?? null;
  return (
    <section className="bo-card bo-releases__app" aria-labelledby={`${id}-title`}>
      <h2 className="bo-section__title" id={`${id}-title`}>
        {appName(app.app)} <span className="bo-muted">({app.app})</span>
      </h2>
      {live ? (
        <ul className="bo-releases__facts">
          <li>
            Живой выпуск: <span className="bo-releases__hash">{short(live.build_hash)}</span> (№{live.id})
          </li>
          <li>выпустил {live.created_by}</li>
          <li>{formatDateTime(live.created_at)}</li>
          {live.git_commit && (
            <li>
              коммит <span className="bo-releases__hash">{live.git_commit.slice(0, 7)}</span>
            </li>
          )}
          <li>{size(live.size_bytes)}</li>
        </ul>
      ) : (
        <p className="bo-muted">В этом окружении живого выпуска нет.</p>
      )}
      {canary && <CanaryBlock app={app} env={env} onDone={onDone} />}
      {live && !canary && (
        <div className="bo-releases__actions">
          <Confirmed
            label="Откатить на предыдущий"
            confirm={`Вернуть ${appName(app.app)} к выпуску, который был живым до ${short(live.build_hash)}?`}
            submit="Откатить"
            danger
            run={(reason) => releaseCalls.rollback(app.app, env, { reason })}
            onDone={(change) => onDone(`${appName(app.app)}: живой выпуск теперь ${short(change.data.pointer.release.build_hash)}.`)}
          />
        </div>
      )}
      <BuildsTable app={app} env={env} onDone={onDone} />
      <HistoryTable history={app.history} byId={byId} appLabel={appName(app.app)} />
    </section>
  );
}

function CanaryBlock({ app, env, onDone }: { app: StaffReleaseApp; env: string; onDone: (message: string) => void }) {
  const canary = app.pointer!.canary!;
  const stats = app.canary_stats;
  const row = (label: string, value: { loads: number; errors: number; rate: number }) => (
    <tr>
      <th scope="row">{label}</th>
      <td className="bo-num">{value.loads.toLocaleString('ru-RU')}</td>
      <td className="bo-num">{value.errors.toLocaleString('ru-RU')}</td>
      <td className="bo-num">{percent(value.rate)}</td>
    </tr>
  );
  return (
    <div>
      <p>
        <Badge tone="warn">Канарейка</Badge> <span className="bo-releases__hash">{short(canary.release.build_hash)}</span> (№{canary.release.id}) получают {canary.percent} %
        посетителей с {formatDateTime(canary.started_at)}.
      </p>
      {stats && (
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1; axe scrollable-region-focusable)
        <section className="bo-table-wrap" aria-label={`Ошибки канарейки: ${appName(app.app)}`} tabIndex={0}>
          <table className="bo-table">
            <caption className="bo-sr">Загрузки и ошибки с начала канарейки</caption>
            <thead>
              <tr>
                <th scope="col">Выпуск</th>
                <th scope="col" className="bo-num">
                  Загрузок
                </th>
                <th scope="col" className="bo-num">
                  Ошибок
                </th>
                <th scope="col" className="bo-num">
                  Доля ошибок
                </th>
              </tr>
            </thead>
            <tbody>
              {row('Канарейка', stats.canary)}
              {row('Живой выпуск', stats.stable)}
            </tbody>
          </table>
        </section>
      )}
      <div className="bo-releases__actions">
        <Confirmed
          label="Сделать основной"
          confirm={`Отдать ${short(canary.release.build_hash)} всем посетителям?`}
          submit="Сделать основной"
          run={() => releaseCalls.promote(app.app, env)}
          onDone={(change) => onDone(`${appName(app.app)}: канарейка ${short(change.data.pointer.release.build_hash)} стала основной.`)}
        />
        <Confirmed
          label="Остановить канарейку"
          confirm={`Вернуть всех посетителей на ${short(app.pointer!.release.build_hash)}?`}
          submit="Остановить"
          danger
          run={(reason) => releaseCalls.rollback(app.app, env, { reason })}
          onDone={() => onDone(`${appName(app.app)}: канарейка остановлена.`)}
        />
      </div>
    </div>
  );
}

/** A button that asks once more (with an optional reason) before it changes a pointer. */
function Confirmed<T>({ label, confirm, submit, danger = false, run, onDone }: {
  label: string;
  confirm: string;
  submit: string;
  danger?: boolean;
  run: (reason: string | undefined) => Promise<T>;
  onDone: (answer: T) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const action = useAction();
  if (!open) {
    return (
      <button type="button" className={`ex-ui-button ${danger ? 'bo-button-danger' : ''}`} onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const answer = await action.run(() => run(reason.trim() || undefined), { onError: (e) => setProblem(failureText(e)) });
    if (answer !== undefined) {
      setOpen(false);
      setReason('');
      onDone(answer);
    }
  };
  return (
    <form className="bo-releases__confirm" onSubmit={(e) => void send(e)} aria-label={label}>
      <p>{confirm}</p>
      <div className="ex-ui-field">
        <label className="ex-ui-label" htmlFor={id}>
          Причина (необязательно)
        </label>
        <textarea id={id} className="ex-ui-textarea" value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
      </div>
      <ErrorNote text={problem} />
      <div className="bo-releases__actions">
        <button type="submit" className={`ex-ui-button ${danger ? 'bo-button-danger' : ''}`} disabled={action.busy}>
          {action.busy ? 'Сохраняем…' : submit}
        </button>
        <button type="button" className="ex-ui-button ex-ui-button--secondary" onClick={() => setOpen(false)}>
          Отмена
        </button>
      </div>
    </form>
  );
}

function BuildsTable({ app, env, onDone }: { app: StaffReleaseApp; env: string; onDone: (message: string) => void }) {
  if (!app.releases.length) return null;
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1; axe scrollable-region-focusable)
    <section className="bo-table-wrap" aria-label={`Сборки: ${appName(app.app)}`} tabIndex={0}>
      <table className="bo-table">
        <caption className="bo-sr">Сборки {appName(app.app)}, сначала новые</caption>
        <thead>
          <tr>
            <th scope="col">Сборка</th>
            <th scope="col">Выпустил</th>
            <th scope="col">Когда</th>
            <th scope="col">Требует от оболочки</th>
            <th scope="col">Состояние</th>
            <th scope="col">Действия</th>
          </tr>
        </thead>
        <tbody>
          {app.releases.map((release) => (
            <BuildRow key={release.id} release={release} app={app} env={env} onDone={onDone} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function BuildRow({ release, app, env, onDone }: { release: ReleaseSummary; app: StaffReleaseApp; env: string; onDone: (message: string) => void }) {
  const cell = `bo-release-${release.id}`;
  const isLive = app.pointer?.release.id === release.id;
  const isCanary = app.pointer?.canary?.release.id === release.id;
  const [link, setLink] = useState<ReleasePreviewLink | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const action = useAction();
  const preview = async () => {
    setProblem(null);
    const answer = await action.run(() => releaseCalls.preview(app.app, release.id), { onError: (e) => setProblem(failureText(e)) });
    if (answer) setLink(answer.data);
  };
  const requires = Object.entries(release.requires);
  return (
    <tr>
      <td id={cell}>
        <span className="bo-releases__hash">{short(release.build_hash)}</span> (№{release.id})
      </td>
      <td>{release.created_by}</td>
      <td>{formatDateTime(release.created_at)}</td>
      <td>{requires.length ? requires.map(([name, range]) => `${name} ${range}`).join(', ') : '—'}</td>
      <td>{isLive ? <Badge tone="ok">Живой</Badge> : isCanary ? <Badge tone="warn">Канарейка</Badge> : '—'}</td>
      <td>
        <div className="bo-releases__actions">
          {!isLive && (
            <Confirmed
              label="Вернуть этот выпуск"
              confirm={`Сделать ${short(release.build_hash)} живым для всех посетителей?`}
              submit="Вернуть"
              run={(reason) => releaseCalls.rollback(app.app, env, { release_id: release.id, reason })}
              onDone={(change) => onDone(`${appName(app.app)}: живой выпуск теперь ${short(change.data.pointer.release.build_hash)}.`)}
            />
          )}
          <button type="button" className="ex-ui-button ex-ui-button--secondary" aria-describedby={cell} disabled={action.busy} onClick={() => void preview()}>
            Ссылка для просмотра
          </button>
        </div>
        <ErrorNote text={problem} />
        {link && (
          <p className="bo-releases__link">
            <a href={link.path} target="_blank" rel="noreferrer">
              Открыть сайт с этой сборкой
            </a>{' '}
            <span className="bo-muted">(до {formatDateTime(link.expires_at)})</span>
          </p>
        )}
      </td>
    </tr>
  );
}

function HistoryTable({ history, byId, appLabel }: { history: ReleaseHistoryEntry[]; byId: Map<number, ReleaseSummary>; appLabel: string }) {
  if (!history.length) return null;
  const hashOf = (id: number | null) => (id === null ? '—' : short(byId.get(id)?.build_hash ?? `№${id}`));
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (WCAG 2.1.1; axe scrollable-region-focusable)
    <section className="bo-table-wrap" aria-label={`История: ${appLabel}`} tabIndex={0}>
      <table className="bo-table">
        <caption className="bo-sr">История выпусков {appLabel}, сначала новые</caption>
        <thead>
          <tr>
            <th scope="col">Когда</th>
            <th scope="col">Что</th>
            <th scope="col">Сборка</th>
            <th scope="col">Кто</th>
            <th scope="col">Причина</th>
          </tr>
        </thead>
        <tbody>
          {history.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.created_at)}</td>
              <td>
                {ACTIONS[entry.action] ?? entry.action}
                {entry.action === 'canary' ? `, ${entry.canary_percent} %` : ''}
                {entry.forced && (
                  <>
                    {' '}
                    <Badge tone="danger">в обход проверки</Badge>
                  </>
                )}
              </td>
              <td>
                <span className="bo-releases__hash">{hashOf(entry.action === 'canary' || entry.action === 'auto_rollback' ? entry.canary_release_id : entry.release_id)}</span>
                {entry.previous_release_id !== null && entry.previous_release_id !== entry.release_id && <span className="bo-muted"> (было {hashOf(entry.previous_release_id)})</span>}
              </td>
              <td>{entry.actor}</td>
              <td>{entry.reason ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
