// @excursio/shared/ui: the form controls, loading states and the load hook of the account pages, bundled where
// imported (plain components and one stylesheet, no state: not part of the run-time singleton).
export { ErrorNote, Field, FormAlert, LoadError, Pager, Skeleton, failureText, fieldErrors } from './components';
export { useLoad, type Loaded } from './useLoad';
export { localPhotoProblem, PHOTO_ACCEPT } from './uploads';
