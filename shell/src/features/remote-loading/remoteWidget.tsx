import { lazy, Suspense, type ComponentType } from 'react';
import { RemoteBoundary } from './RemoteBoundary';

type WidgetModule<P> = { default?: ComponentType<P> } | null;

/**
 * A remote widget (e.g. 'mfe_auth/AuthModal') as a local component: its code is fetched the first time it
 * renders, and a load failure or crash shows the compact fallback in its place.
 */
export function createRemoteWidget<P extends object>(
  loadModule: () => Promise<unknown>,
  name: string,
): ComponentType<P> {
  const Widget = lazy(async () => {
    const module = (await loadModule()) as WidgetModule<P>;
    const Component = module?.default;
    // observer()/memo() components are objects, plain ones functions
    if (!Component || (typeof Component !== 'function' && typeof Component !== 'object')) {
      throw new Error(`${name} exports no component`);
    }
    return { default: Component };
  });

  function RemoteWidget(props: P) {
    return (
      <RemoteBoundary compact>
        <Suspense
          fallback={
            // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a loading indicator, not a result (what <output> holds)
            <p className="sh-widget-loading" role="status">
              Загрузка…
            </p>
          }
        >
          <Widget {...props} />
        </Suspense>
      </RemoteBoundary>
    );
  }
  RemoteWidget.displayName = `RemoteWidget(${name})`;
  return RemoteWidget;
}
