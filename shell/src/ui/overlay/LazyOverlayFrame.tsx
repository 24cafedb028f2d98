// The overlay frame loads with the first overlay a visitor opens (issue 30 §2: no page needs it before an interaction);
// the remote content it frames is fetched on opening too (./OverlayFrame.tsx, features/remote-loading/remoteWidget.tsx).
import { lazy, Suspense } from 'react';
import type { OverlayFrameProps } from './OverlayFrame';

const Frame = lazy(() => import(/* webpackChunkName: "overlay" */ './OverlayFrame').then((m) => ({ default: m.OverlayFrame })));

export function LazyOverlayFrame(props: OverlayFrameProps) {
  return (
    <Suspense fallback={null}>
      <Frame {...props} />
    </Suspense>
  );
}
