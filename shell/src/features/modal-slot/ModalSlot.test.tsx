import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createEventBus } from '@excursio/shared';
import type { AuthModalProps } from '@excursio/shared';
import { ModalSlot } from './ModalSlot';
import { ModalStore } from './ModalStore';

function FakeAuthModal({ type, onClose }: AuthModalProps) {
  return (
    <form aria-label={`content ${type}`}>
      <input aria-label="Телефон" />
      <button type="button" onClick={onClose}>
        Готово
      </button>
    </form>
  );
}

function setup() {
  const bus = createEventBus();
  const store = new ModalStore();
  store.connect(bus);
  const AuthModal = jest.fn(FakeAuthModal);
  render(
    <>
      <button type="button">Открыть</button>
      <ModalSlot store={store} AuthModal={AuthModal} />
    </>,
  );
  return { bus, store, AuthModal };
}

describe('ModalSlot', () => {
  it('renders nothing (and does not touch the remote) until opened through the bus', () => {
    const { AuthModal } = setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(AuthModal).not.toHaveBeenCalled();
  });

  it('opens with the auth content by default, labelled and modal (the frame loads on the first opening)', async () => {
    const { bus } = setup();
    act(() => bus.emit('modal:open', {}));
    const dialog = await screen.findByRole('dialog', { name: 'Вход в Excursio' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('form', { name: 'content auth' })).toBeInTheDocument();
  });

  it('opens the profile content when asked', async () => {
    const { bus } = setup();
    act(() => bus.emit('modal:open', { type: 'profile' }));
    expect(await screen.findByRole('dialog', { name: 'Профиль' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'content profile' })).toBeInTheDocument();
  });

  it('closes with the close button, the backdrop, Esc, the content and bus modal:close', async () => {
    const user = userEvent.setup();
    const { bus } = setup();
    const open = async () => {
      act(() => bus.emit('modal:open', { type: 'auth' }));
      await screen.findByRole('dialog');
    };

    await open();
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await open();
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await open();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await open();
    await user.click(screen.getByRole('button', { name: 'Готово' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await open();
    act(() => bus.emit('modal:close'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not close on a click inside the dialog', async () => {
    const user = userEvent.setup();
    const { bus } = setup();
    act(() => bus.emit('modal:open', {}));
    await user.click(await screen.findByRole('textbox', { name: 'Телефон' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('locks page scrolling while open', async () => {
    const user = userEvent.setup();
    const { bus } = setup();
    act(() => bus.emit('modal:open', {}));
    await screen.findByRole('dialog');
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });

  it('moves focus inside, keeps Tab inside, and gives focus back on close', async () => {
    const user = userEvent.setup();
    const { bus } = setup();
    const opener = screen.getByRole('button', { name: 'Открыть' });
    opener.focus();
    act(() => bus.emit('modal:open', {}));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(opener).toHaveFocus();
  });

  it('leaves the focus on a field the content focused itself', async () => {
    const store = new ModalStore();
    const bus = createEventBus();
    store.connect(bus);
    const Autofocused = () => <input aria-label="Номер телефона" autoFocus />;
    render(<ModalSlot store={store} AuthModal={Autofocused} />);
    act(() => bus.emit('modal:open', {}));
    expect(await screen.findByRole('textbox', { name: 'Номер телефона' })).toHaveFocus();
  });
});
