import { Link } from '@excursio/shared/router';
import type { StaffContentListItem } from '@excursio/shared';
import { LoadError, Skeleton, useLoad } from '@excursio/shared/ui';
import { Badge, BoPage, Empty } from '../../components/BoPage';
import { formatDateTime } from '../../components/format';
import { contentCalls } from './contentCalls';

function Table({ caption, items }: { caption: string; items: StaffContentListItem[] }) {
  if (!items.length) return <Empty>Пока ничего нет.</Empty>;
  return (
    <div className="bo-table-wrap">
      <table className="bo-table">
        <caption className="bo-sr">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Заголовок</th>
            <th scope="col">Состояние</th>
            <th scope="col">Изменено</th>
            <th scope="col" className="bo-num">
              Версий
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.kind}-${item.id}`}>
              <td>
                <Link className="bo-link" to={`/backoffice/content/${item.kind}/${item.id}`}>
                  {item.title}
                </Link>
                <div className="bo-muted">{item.url}</div>
              </td>
              <td>{item.published ? <Badge tone="ok">Опубликовано</Badge> : <Badge>Снято с публикации</Badge>}</td>
              <td>
                {formatDateTime(item.updated_at)}
                {item.updated_by && <div className="bo-muted">{item.updated_by.name}</div>}
              </td>
              <td className="bo-num">{item.versions_count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /backoffice/content: the blog's posts and the /docs pages. */
export function ContentListPage() {
  const { data, error, loading, reload } = useLoad('content', () => contentCalls.list().then((r) => r.data));
  return (
    <BoPage
      heading="Контент"
      actions={
        <Link className="ex-ui-button" to="/backoffice/content/new">
          Новая запись в блоге
        </Link>
      }
    >
      {error != null && !data && <LoadError error={error} onRetry={reload} />}
      {loading && !data && <Skeleton lines={3} height={48} />}
      {data && (
        <>
          <section className="bo-section" aria-labelledby="bo-docs">
            <h2 className="bo-section__title" id="bo-docs">
              Страницы /docs
            </h2>
            <Table caption="Страницы /docs" items={data.filter((i) => i.kind === 'document')} />
          </section>
          <section className="bo-section" aria-labelledby="bo-blog">
            <h2 className="bo-section__title" id="bo-blog">
              Блог
            </h2>
            <Table caption="Записи блога" items={data.filter((i) => i.kind === 'blog')} />
          </section>
        </>
      )}
    </BoPage>
  );
}
