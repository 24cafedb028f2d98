export { OrderChat as default } from '../features/chat/OrderChat';
