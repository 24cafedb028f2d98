/** Page numbers around the current one, with the first and last, gaps as null: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(current: number, last: number, radius = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  const from = Math.max(2, current - radius);
  const to = Math.min(last - 1, current + radius);
  pages.push(1);
  if (from > 2) pages.push(null);
  for (let p = from; p <= to; p += 1) pages.push(p);
  if (to < last - 1) pages.push(null);
  if (last > 1) pages.push(last);
  return pages;
}

/** The same address with another page (page 1 has no parameter). */
export function withPage(search: string, page: number, name = 'page'): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(name);
  else params.set(name, String(page));
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** The page number of `?page=` when it is 2 or more, else undefined (page 1). */
export function pageParam(url: URL, name = 'page'): number | undefined {
  const n = Number(url.searchParams.get(name));
  return Number.isInteger(n) && n > 1 ? n : undefined;
}
