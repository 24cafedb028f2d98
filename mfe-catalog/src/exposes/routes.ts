import { catalogRoutes } from '../features/routing/catalogRoutes';

export default catalogRoutes;
