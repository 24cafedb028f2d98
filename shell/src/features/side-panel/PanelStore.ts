import { ExternalStore, type EventBus } from '@excursio/shared';

/** Whether the notifications side panel is open (spec overlay 2). */
export class PanelStore extends ExternalStore {
  isOpen = false;

  /** Toggle, or set when `open` is given. */
  readonly toggle = (open?: boolean): void => {
    this.isOpen = open ?? !this.isOpen;
    this.changed();
  };

  readonly close = (): void => {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.changed();
  };

  connect(bus: EventBus): () => void {
    const onToggle = ({ open }: { open?: boolean }) => this.toggle(open);
    bus.on('notifications:toggle', onToggle);
    return () => bus.off('notifications:toggle', onToggle);
  }
}
