import { makeAutoObservable } from 'mobx';
import type { EventBus, ModalType } from '@excursio/shared';

/** Whether the shell's modal slot is open, and with which content (spec overlay 1: 'auth' by default). */
export class ModalStore {
  isOpen = false;
  type: ModalType = 'auth';

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  open(type: ModalType = 'auth'): void {
    this.type = type;
    this.isOpen = true;
  }

  close(): void {
    this.isOpen = false;
  }

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
