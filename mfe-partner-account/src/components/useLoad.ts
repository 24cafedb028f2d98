export { useLoad, type Loaded } from '@excursio/shared/ui';
