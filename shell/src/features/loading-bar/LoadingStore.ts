import { makeAutoObservable } from 'mobx';
import type { EventBus } from '@excursio/shared';

/** Work announced on the bus ('loading:start'/'loading:finish') that the top bar should show. */
export class LoadingStore {
  pending = new Set<string>();

  constructor() {
    makeAutoObservable(this);
  }

  get active(): boolean {
    return this.pending.size > 0;
  }

  start(id: string): void {
    this.pending.add(id);
  }

  finish(id: string): void {
    this.pending.delete(id);
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
