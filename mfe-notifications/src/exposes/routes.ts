import { notificationRoutes } from '../features/routing/notificationRoutes';

export default notificationRoutes;
