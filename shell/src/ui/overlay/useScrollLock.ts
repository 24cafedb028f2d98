import { useEffect } from 'react';

let locks = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

function lock(): void {
  if (locks++ > 0) return;
  const { style } = document.body;
  saved = { overflow: style.overflow, paddingRight: style.paddingRight };
  // keep the page from shifting when its scrollbar disappears
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  if (scrollbar > 0) style.paddingRight = `${scrollbar}px`;
  style.overflow = 'hidden';
}

function unlock(): void {
  if (--locks > 0 || !saved) return;
  document.body.style.overflow = saved.overflow;
  document.body.style.paddingRight = saved.paddingRight;
  saved = null;
}

/** Lock page scrolling while the calling overlay is mounted (several overlays share one lock). */
export function useScrollLock(): void {
  useEffect(() => {
    lock();
    return unlock;
  }, []);
}
