import { isSlug, isSlugPath } from './slugRules';

describe('slug rules', () => {
  it('accepts lowercase latin, digits and hyphens only', () => {
    expect(isSlug('sankt-peterburg-2')).toBe(true);
    expect(isSlug('Moskva')).toBe(false);
    expect(isSlug('москва')).toBe(false);
    expect(isSlug('')).toBe(false);
    expect(isSlug(undefined)).toBe(false);
  });

  it('checks every segment of a multi-segment slug', () => {
    expect(isSlugPath('moskva/kreml')).toBe(true);
    expect(isSlugPath('moskva/')).toBe(false);
    expect(isSlugPath('moskva/Kreml')).toBe(false);
    expect(isSlugPath('')).toBe(false);
  });
});
