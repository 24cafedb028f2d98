import { backofficeRoutes } from '../features/routing/backofficeRoutes';

export default backofficeRoutes;
