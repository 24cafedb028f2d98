import { Link, useLoaderData, type LoaderFunctionArgs } from '@excursio/shared/router';
import { pluralRu, orRouteError } from '@excursio/shared';
import { ExcursionGrid } from '../../components/ExcursionCard';
import { GuideTile } from '../../components/GuideTile';
import { PlaceTile, TileGrid } from '../../components/PlaceTile';
import { Section } from '../../components/Section';
import { EXCURSION_FORMS } from '../../components/excursionText';
import { geoApi } from '../../api/geo';
import { rememberTags } from '../../api/tagNames';
import type { Crumb } from '../../layout/Breadcrumbs';
import { CatalogPage, EXCURSIONS_CRUMB, HOME_CRUMB } from '../../layout/CatalogPage';
import { PlaceIntro } from '../../components/PlaceIntro';
import { TagChips } from './TagChips';
import './city.css';

export async function cityLoader({ params, request }: LoaderFunctionArgs) {
  const page = (await orRouteError(request, geoApi.city(params.region ?? '', params.city ?? '', params.tagSlug))).data;
  rememberTags(page.tags);
  return page;
}

/** /excursion/:region/:city and /excursion/:region/:city/tags/:tagSlug (the same screen, narrowed to the tag). */
export function CityPage() {
  const { city, tag, tags, sights, guides, excursions } = useLoaderData() as Awaited<ReturnType<typeof cityLoader>>;
  const base = `/excursion/${city.region.slug}/${city.slug}`;
  const crumbs: Crumb[] = [
    HOME_CRUMB,
    EXCURSIONS_CRUMB,
    { label: city.country.name, to: `/country/${city.country.slug}` },
    { label: city.region.name, to: `/excursion/${city.region.slug}` },
  ];
  if (tag) crumbs.push({ label: city.name, to: base });
  const heading = tag ? `${city.name}: ${tag.name.toLowerCase()}` : city.name;
  const count = tag ? (tags.find((t) => t.slug === tag.slug)?.excursions_count ?? excursions.length) : city.excursions_count;
  const allQuery = `region=${city.region.slug}&city=${city.slug}${tag ? `&tag=${tag.slug}` : ''}`;

  return (
    <CatalogPage
      heading={heading}
      title={tag ? `Экскурсии: ${city.name}, ${tag.name.toLowerCase()}` : `Экскурсии: ${city.name}`}
      description={
        tag
          ? `Экскурсии с местными гидами: ${city.name}, ${tag.name.toLowerCase()}.`
          : city.description || `Экскурсии с местными гидами: ${city.name}.`
      }
      crumbs={crumbs}
    >
      <PlaceIntro
        photo={city.photo_url}
        name={city.name}
        description={city.description}
        facts={[pluralRu(city.excursions_count, EXCURSION_FORMS), pluralRu(guides.length, ['гид', 'гида', 'гидов'])]}
      />
      <TagChips base={base} tags={tags} active={tag?.slug} total={city.excursions_count} />
      <Section
        title={tag ? `Экскурсии: ${tag.name.toLowerCase()}` : 'Экскурсии'}
        more={{ to: `/excursion?${allQuery}`, label: `Все экскурсии (${count})` }}
      >
        {excursions.length > 0 ? (
          <ExcursionGrid excursions={excursions} />
        ) : (
          <p className="cat-city__empty">Экскурсий этой темы пока нет. Посмотрите другие экскурсии города.</p>
        )}
      </Section>
      {sights.length > 0 && (
        <Section title="Достопримечательности">
          <TileGrid>
            {sights.map((sight) => (
              <li key={sight.id}>
                <PlaceTile
                  to={`/excursion/sight/${sight.slug}`}
                  photo={sight.photo_url}
                  name={sight.name}
                  notes={[pluralRu(sight.excursions_count, EXCURSION_FORMS)]}
                />
              </li>
            ))}
          </TileGrid>
        </Section>
      )}
      {guides.length > 0 && (
        <Section title="Гиды" more={{ to: `/excursion/guides/regions/${city.region.slug}/${city.slug}`, label: 'Все гиды' }}>
          <ul className="cat-city__guides">
            {guides.map((guide) => (
              <li key={guide.id}>
                <GuideTile guide={guide} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      <p className="cat-city__reviews">
        <Link className="cat-city__reviews-link" to={`/excursion/reviews/${city.region.slug}/${city.slug}`}>
          Отзывы об экскурсиях: {city.name}
        </Link>
      </p>
    </CatalogPage>
  );
}
