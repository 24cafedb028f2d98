import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { reportProblem } from '@excursio/shared';
import { useLocation } from '@excursio/shared/router';
import { AreaFallback } from './AreaFallback';

interface RemoteBoundaryProps {
  children: ReactNode;
  compact?: boolean;
  /** A new value clears a caught error (e.g. the visitor went to another page). */
  resetKey?: string;
}

interface RemoteBoundaryState {
  error: unknown;
}

/** Catches a crash of remote code so that only its area shows the fallback. */
export class RemoteBoundary extends Component<RemoteBoundaryProps, RemoteBoundaryState> {
  override state: RemoteBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): RemoteBoundaryState {
    return { error: error ?? new Error('unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[shell] a remote component crashed', error, info.componentStack);
    // to the monitoring sink, with the released builds the page runs (a failing canary rolls back by itself)
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    reportProblem({ message: `a remote component crashed: ${message}`.slice(0, 4000), request: `render ${typeof location === 'undefined' ? '' : location.pathname}` });
  }

  override componentDidUpdate(prev: RemoteBoundaryProps): void {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    if (this.state.error) return <AreaFallback compact={this.props.compact} />;
    return this.props.children;
  }
}

const guarded = new WeakMap<ComponentType, ComponentType>();

/** A route component wrapped in a RemoteBoundary that resets when the path changes (same identity per input). */
export function withRemoteBoundary(Page: ComponentType): ComponentType {
  let Guarded = guarded.get(Page);
  if (!Guarded) {
    Guarded = function GuardedRemotePage() {
      const { pathname } = useLocation();
      return (
        <RemoteBoundary resetKey={pathname}>
          <Page />
        </RemoteBoundary>
      );
    };
    guarded.set(Page, Guarded);
  }
  return Guarded;
}
