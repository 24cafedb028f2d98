// The few functions of `semver` the release gate uses (the package ships no types; @types/semver is not installed).
declare module 'semver' {
  export function satisfies(version: string, range: string, options?: { includePrerelease?: boolean }): boolean;
  export function validRange(range: string): string | null;
  export function valid(version: string): string | null;
}
