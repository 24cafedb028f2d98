import { useEffect, useRef, type ComponentType } from 'react';
import { useLocation } from '@excursio/shared/router';
import { useStore, type NotificationsPanelProps } from '@excursio/shared';
import { LazyOverlayFrame as OverlayFrame } from '../../ui/overlay/LazyOverlayFrame';
import type { PanelStore } from './PanelStore';

export interface SidePanelSlotProps {
  store: PanelStore;
  /** The remote panel content; fetched the first time the panel opens. */
  Panel: ComponentType<NotificationsPanelProps>;
}

/** Spec overlay 2: the notifications side panel, toggled through the bus; a page change closes it. */
export function SidePanelSlot({ store, Panel }: SidePanelSlotProps) {
  useStore(store);
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current !== pathname) store.close();
    shownAt.current = pathname;
  }, [pathname, store]);

  if (!store.isOpen) return null;
  return (
    <OverlayFrame variant="panel" label="Уведомления" onClose={store.close}>
      <Panel onClose={store.close} />
    </OverlayFrame>
  );
}
