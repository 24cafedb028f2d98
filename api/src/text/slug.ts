// Russian → Latin transliteration for URL slugs (moskva, sankt-peterburg, moskovskaya-oblast).

const MAP: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts',
  ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

export function transliterate(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) out += MAP[ch] ?? ch;
  return out;
}

/** Lowercase [a-z0-9-] slug, cut at a word boundary to at most `maxLength` characters. */
export function slugify(text: string, maxLength = 64): string {
  const base = transliterate(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (base.length <= maxLength) return base;
  const cut = base.slice(0, maxLength + 1);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > 10 ? cut.slice(0, lastDash) : base.slice(0, maxLength)).replace(/-+$/g, '');
}

/** Returns a slug not yet in `taken` (adding -2, -3 … if needed) and records it. */
export function uniqueSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}
