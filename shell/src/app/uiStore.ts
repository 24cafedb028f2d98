import type { EventBus } from '@excursio/shared';
import { UnreadStore } from '../features/chrome/UnreadStore';
import { LoadingStore } from '../features/loading-bar/LoadingStore';
import { ModalStore } from '../features/modal-slot/ModalStore';
import { PanelStore } from '../features/side-panel/PanelStore';

/** The shell's UI state (what is open, what is loading); domain data stays in shared's session. */
export interface UiStore {
  modal: ModalStore;
  panel: PanelStore;
  loading: LoadingStore;
  unread: UnreadStore;
  /** Stop listening to the bus. */
  disconnect: () => void;
}

/** Created once per page and connected to the bus at once, so events sent during start-up are kept. */
export function createUiStore(bus: EventBus): UiStore {
  const modal = new ModalStore();
  const panel = new PanelStore();
  const loading = new LoadingStore();
  const unread = new UnreadStore();
  const stops = [modal.connect(bus), panel.connect(bus), loading.connect(bus), unread.connect(bus)];
  return { modal, panel, loading, unread, disconnect: () => stops.forEach((stop) => stop()) };
}
