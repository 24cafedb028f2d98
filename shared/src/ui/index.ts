// @excursio/shared/ui: the account page's frame, the form controls, loading states, the action and load hooks, the live order-update hook of the account pages and the answer to a guide's proposal, bundled where
// imported (plain components and their stylesheets, no state: not part of the run-time singleton).
export { AccountPage, EmptyState, type AccountPageProps } from './AccountPage';
export { ErrorNote, Field, FormAlert, LoadError, Pager, Skeleton } from './components';
export { failureText, fieldErrors, formErrors } from './failures';
export { useAction, type Action, type ActionOptions } from './useAction';
export { useLoad, type Loaded } from './useLoad';
export { useOrderUpdates } from './useOrderUpdates';
export { localPhotoProblem, PHOTO_ACCEPT } from './uploads';
export { GroupProgress, groupProgressText } from './GroupProgress';
export { ProposalChoices, type ProposalChoicesProps } from './ProposalChoices';
