import type { ComponentType } from 'react';
import { useStore, type AuthModalProps, type ModalType } from '@excursio/shared';
import { LazyOverlayFrame as OverlayFrame } from '../../ui/overlay/LazyOverlayFrame';
import type { ModalStore } from './ModalStore';

const LABELS: Record<ModalType, string> = {
  auth: 'Вход в Excursio',
  profile: 'Профиль',
};

export interface ModalSlotProps {
  store: ModalStore;
  /** The remote modal content; it is only rendered (and so only fetched) once the modal opens. */
  AuthModal: ComponentType<AuthModalProps>;
}

/** Spec overlay 1: the modal (auth | profile), opened and closed through the bus. */
export function ModalSlot({ store, AuthModal }: ModalSlotProps) {
  useStore(store);
  if (!store.isOpen) return null;
  return (
    <OverlayFrame variant="modal" label={LABELS[store.type]} onClose={store.close}>
      <AuthModal type={store.type} onClose={store.close} />
    </OverlayFrame>
  );
}
