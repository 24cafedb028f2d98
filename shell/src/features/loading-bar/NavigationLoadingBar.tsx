import { useNavigation } from '@excursio/shared/router';
import { observer } from 'mobx-react-lite';
import { LoadingBar } from './LoadingBar';
import type { LoadingStore } from './LoadingStore';

export interface NavigationLoadingBarProps {
  loading: LoadingStore;
  /** The router has not finished its first navigation yet. */
  initializing?: boolean;
}

/** The bar runs while the router navigates, before it is initialised, and while remotes load. */
export const NavigationLoadingBar = observer(function NavigationLoadingBar({ loading, initializing = false }: NavigationLoadingBarProps) {
  const navigation = useNavigation();
  return <LoadingBar active={initializing || navigation.state !== 'idle' || loading.active} />;
});
