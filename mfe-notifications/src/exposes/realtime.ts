// mfe_notifications/realtime: the shell calls startRealtime() once someone is signed in (RealtimeModule).
export { startRealtime } from '../features/realtime/startRealtime';
