import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createEventBus } from '@excursio/shared';
import { PanelStore } from './PanelStore';
import type { NotificationsPanelProps } from '@excursio/shared';
import { SidePanelSlot } from './SidePanelSlot';

function FakePanel({ onClose }: NotificationsPanelProps) {
  return (
    <section aria-label="Список уведомлений">
      <button type="button" onClick={onClose}>
        Скрыть
      </button>
    </section>
  );
}

function setup() {
  const bus = createEventBus();
  const store = new PanelStore();
  store.connect(bus);
  const Panel = jest.fn(FakePanel);
  const router = createMemoryRouter([{ path: '*', element: <SidePanelSlot store={store} Panel={Panel} /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return { bus, Panel, router };
}

describe('SidePanelSlot', () => {
  it('is closed (and the remote untouched) until toggled', () => {
    const { Panel } = setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(Panel).not.toHaveBeenCalled();
  });

  it('toggles through notifications:toggle, or follows an explicit open flag (the frame loads on the first opening)', async () => {
    const { bus } = setup();
    act(() => bus.emit('notifications:toggle', {}));
    expect(await screen.findByRole('dialog', { name: 'Уведомления' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Список уведомлений' })).toBeInTheDocument();
    act(() => bus.emit('notifications:toggle', { open: true }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => bus.emit('notifications:toggle', {}));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with its close button, Esc, the backdrop and the panel itself', async () => {
    const user = userEvent.setup();
    const { bus } = setup();
    const open = async () => {
      act(() => bus.emit('notifications:toggle', { open: true }));
      await screen.findByRole('dialog');
    };
    await open();
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await open();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await open();
    await user.click(screen.getByTestId('panel-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await open();
    await user.click(screen.getByRole('button', { name: 'Скрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes when the visitor goes to another page', async () => {
    const { bus, router } = setup();
    act(() => bus.emit('notifications:toggle', { open: true }));
    await screen.findByRole('dialog');
    await act(() => router.navigate('/account/user/15'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
