import { memo } from 'react';
import { render, screen } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import { createRemoteWidget } from './remoteWidget';

describe('createRemoteWidget', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('fetches the remote only when the widget first renders', async () => {
    const load = jest.fn(async () => ({ default: ({ who }: { who: string }) => <p>Привет, {who}</p> }));
    const Widget = createRemoteWidget<{ who: string }>(load, 'mfe_x/Widget');
    expect(load).not.toHaveBeenCalled();
    render(<Widget who="гость" />);
    expect(await screen.findByText('Привет, гость')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('accepts memo() and observer() components (objects, not functions)', async () => {
    const Memo = createRemoteWidget<object>(async () => ({ default: memo(() => <p>memo-виджет</p>) }), 'mfe_x/Memo');
    const Observed = createRemoteWidget<object>(async () => ({ default: observer(() => <p>observer-виджет</p>) }), 'mfe_x/Observed');
    render(
      <>
        <Memo />
        <Observed />
      </>,
    );
    expect(await screen.findByText('memo-виджет')).toBeInTheDocument();
    expect(await screen.findByText('observer-виджет')).toBeInTheDocument();
  });

  it('shows the compact fallback when the remote is down', async () => {
    const Widget = createRemoteWidget<object>(() => Promise.reject(new Error('ECONNREFUSED')), 'mfe_x/Widget');
    render(<Widget />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Раздел временно недоступен' })).toBeInTheDocument();
  });

  it('shows the fallback when the module has no component or the component crashes', async () => {
    const Empty = createRemoteWidget<object>(async () => ({}), 'mfe_x/Empty');
    const Crashing = createRemoteWidget<object>(
      async () => ({
        default: () => {
          throw new Error('bug');
        },
      }),
      'mfe_x/Crashing',
    );
    render(
      <>
        <Empty />
        <Crashing />
      </>,
    );
    expect(await screen.findAllByText('Раздел временно недоступен')).toHaveLength(2);
  });
});
