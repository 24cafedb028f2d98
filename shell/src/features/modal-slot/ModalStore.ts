import { ExternalStore, type EventBus, type ModalType } from '@excursio/shared';

/** Whether the shell's modal slot is open, and with which content (spec overlay 1: 'auth' by default). */
export class ModalStore extends ExternalStore {
  isOpen = false;
  type: ModalType = 'auth';

  readonly open = (type: ModalType = 'auth'): void => {
    this.type = type;
    this.isOpen = true;
    this.changed();
  };

  readonly close = (): void => {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.changed();
  };

  connect(bus: EventBus): () => void {
    const onOpen = ({ type }: { type?: ModalType }) => this.open(type);
    bus.on('modal:open', onOpen);
    bus.on('modal:close', this.close);
    return () => {
      bus.off('modal:open', onOpen);
      bus.off('modal:close', this.close);
    };
  }
}
