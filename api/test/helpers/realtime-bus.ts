// Test-only: an in-memory stand-in for Redis pub/sub, so the bus logic is tested on machines without Redis.
import { parseBusMessage, type BusMessage, type RealtimeBus } from '../../src/realtime/bus';

export interface MemoryHub {
  /** A new member: what it publishes reaches every other member (asynchronously, like Redis). */
  bus(): RealtimeBus;
  /** Every message published on the hub, in order. */
  readonly log: BusMessage[];
}

export function createMemoryHub(): MemoryHub {
  const members = new Set<{ deliver: (message: BusMessage) => void }>();
  const log: BusMessage[] = [];
  return {
    log,
    bus() {
      let handler: (message: BusMessage) => void = () => undefined;
      const member = { deliver: (message: BusMessage) => handler(message) };
      members.add(member);
      return {
        async publish(message) {
          // Through JSON and the parser, as a message from Redis would be.
          const copy = parseBusMessage(JSON.parse(JSON.stringify(message)));
          if (!copy) throw new Error(`malformed bus message: ${JSON.stringify(message)}`);
          log.push(copy);
          for (const other of members) if (other !== member) setImmediate(() => other.deliver(copy));
        },
        onMessage(next) {
          handler = next;
        },
        async close() {
          members.delete(member);
        },
      };
    },
  };
}
