// @excursio/shared/phone — phone rules written once: the order's contact phone and how any phone is shown.
// Not part of the '@excursio/shared' singleton: it pulls in libphonenumber-js, so only what imports it bundles it.
export { contactPhoneDigits } from './contactPhone';
export { formatPhone } from './formatPhone';
