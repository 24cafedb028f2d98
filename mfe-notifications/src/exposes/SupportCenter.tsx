export { SupportCenter as default } from '../features/support/SupportCenter';
