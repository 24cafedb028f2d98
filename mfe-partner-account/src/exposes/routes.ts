import { partnerRoutes } from '../features/routing/partnerRoutes';

export default partnerRoutes;
