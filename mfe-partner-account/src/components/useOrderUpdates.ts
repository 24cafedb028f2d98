export { useOrderUpdates } from '@excursio/shared/ui';
