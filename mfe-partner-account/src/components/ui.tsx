// The account pages' controls live in @excursio/shared/ui (one look for the partner's and the customer's account).
export { ErrorNote, Field, FormAlert, LoadError, Pager, Skeleton, failureText, fieldErrors, formErrors, useAction } from '@excursio/shared/ui';
