// The compatibility gate (issue 28): a remote's required shared versions against what the live shell provides, and a
// shell's provided versions against every live remote's requirements. Pure: the registry feeds it the live releases.
import { satisfies, valid, validRange } from 'semver';

/** The singletons a remote takes from the shell: the gate checks these, and only these. */
export const GATED_PACKAGES = ['react', 'react-dom', 'react-router', 'mobx', '@excursio/shared'] as const;

export interface GateProblem {
  /** The remote whose requirement is not met. */
  app: string;
  /** The shell build it was checked against (its build hash, or `served` for a shell build outside the registry). */
  shell: string;
  package: string;
  range: string;
  provided: string | null;
  message: string;
}

/** The gated packages of a `requires` map, each with a valid range (others are ignored). */
export function gatedRequirements(requires: Record<string, string>): [string, string][] {
  return Object.entries(requires).filter(([name]) => (GATED_PACKAGES as readonly string[]).includes(name));
}

/** A requirement whose range semver cannot read, or a provided version that is not a version: the inputs' errors. */
export function invalidVersions(requires: Record<string, string>, provides: Record<string, string>): string[] {
  return [
    ...gatedRequirements(requires)
      .filter(([, range]) => validRange(range) === null)
      .map(([name, range]) => `${name}: «${range}» — не диапазон версий semver`),
    ...Object.entries(provides)
      .filter(([name, version]) => (GATED_PACKAGES as readonly string[]).includes(name) && valid(version) === null)
      .map(([name, version]) => `${name}: «${version}» — не версия semver`),
  ];
}

/** What `app` requires that the shell (`shellLabel`, providing `provides`) does not provide. */
export function checkRequirements(
  app: string,
  requires: Record<string, string>,
  shellLabel: string,
  provides: Record<string, string>,
): GateProblem[] {
  const problems: GateProblem[] = [];
  for (const [name, range] of gatedRequirements(requires)) {
    const provided = provides[name] ?? null;
    if (provided !== null && satisfies(provided, range)) continue;
    problems.push({
      app,
      shell: shellLabel,
      package: name,
      range,
      provided,
      message:
        provided === null
          ? `${app} требует ${name} ${range}, а живая оболочка (${shellLabel}) его не даёт`
          : `${app} требует ${name} ${range}, а живая оболочка (${shellLabel}) даёт ${provided}`,
    });
  }
  return problems;
}
