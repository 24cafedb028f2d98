// @excursio/shared/phone — contact rules written once: the order's contact phone, how any phone is shown, and a
// partner's contacts and legal details (e-mail, INN with its control digits).
// Not part of the '@excursio/shared' singleton: it pulls in libphonenumber-js, so only what imports it bundles it.
export { contactPhoneDigits } from './contactPhone';
export { formatPhone } from './formatPhone';
export { emailIsValid, innIsValid, innLength, innProblem, type LegalTypeCode } from './requisites';
