export { NotificationsPanel as default } from '../features/panel/NotificationsPanel';
