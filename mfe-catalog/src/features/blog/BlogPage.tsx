import { CatalogPage, HOME_CRUMB } from '../page/CatalogPage';

export function BlogPage() {
  return (
    <CatalogPage
      heading="Блог"
      description="Блог Excursio: истории о городах, маршрутах и местных гидах."
      crumbs={[HOME_CRUMB]}
    />
  );
}
