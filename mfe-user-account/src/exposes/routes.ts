import { userRoutes } from '../features/routing/userRoutes';

export default userRoutes;
