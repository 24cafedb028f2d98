import { makeAutoObservable } from 'mobx';
import type { EventBus } from '@excursio/shared';

/** Whether the notifications side panel is open (spec overlay 2). */
export class PanelStore {
  isOpen = false;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Toggle, or set when `open` is given. */
  toggle(open?: boolean): void {
    this.isOpen = open ?? !this.isOpen;
  }

  close(): void {
    this.isOpen = false;
  }

  connect(bus: EventBus): () => void {
    const onToggle = ({ open }: { open?: boolean }) => this.toggle(open);
    bus.on('notifications:toggle', onToggle);
    return () => bus.off('notifications:toggle', onToggle);
  }
}
