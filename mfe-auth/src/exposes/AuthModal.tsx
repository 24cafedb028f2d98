export { AuthModal as default } from '../features/modal/AuthModal';
