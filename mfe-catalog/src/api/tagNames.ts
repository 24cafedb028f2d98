import type { TagRef } from '@excursio/shared';

const tagNames = new Map<string, string>();

/** Tag names seen in any answer, so a chosen tag keeps its name even when nothing matches it. */
export function rememberTags(tags: readonly TagRef[]): void {
  for (const tag of tags) tagNames.set(tag.slug, tag.name);
}

export function knownTag(slug: string): TagRef | undefined {
  const name = tagNames.get(slug);
  return name === undefined ? undefined : { id: 0, slug, name };
}
