import { ExternalStore, type EventBus } from '@excursio/shared';

/** Work announced on the bus ('loading:start'/'loading:finish') that the top bar should show. */
export class LoadingStore extends ExternalStore {
  private readonly pending = new Set<string>();

  get active(): boolean {
    return this.pending.size > 0;
  }

  start(id: string): void {
    if (this.pending.has(id)) return;
    this.pending.add(id);
    this.changed();
  }

  finish(id: string): void {
    if (this.pending.delete(id)) this.changed();
  }

  connect(bus: EventBus): () => void {
    const onStart = ({ id }: { id: string }) => this.start(id);
    const onFinish = ({ id }: { id: string }) => this.finish(id);
    bus.on('loading:start', onStart);
    bus.on('loading:finish', onFinish);
    return () => {
      bus.off('loading:start', onStart);
      bus.off('loading:finish', onFinish);
    };
  }
}
