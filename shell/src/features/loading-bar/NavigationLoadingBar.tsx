import { useNavigation } from '@excursio/shared/router';
import { useStore } from '@excursio/shared';
import { LoadingBar } from './LoadingBar';
import type { LoadingStore } from './LoadingStore';

export interface NavigationLoadingBarProps {
  loading: LoadingStore;
  /** The router has not finished its first navigation yet. */
  initializing?: boolean;
}

/** The bar runs while the router navigates, before it is initialised, and while remotes load. */
export function NavigationLoadingBar({ loading, initializing = false }: NavigationLoadingBarProps) {
  const navigation = useNavigation();
  const { active } = useStore(loading);
  return <LoadingBar active={initializing || navigation.state !== 'idle' || active} />;
}
