// Internal sight record: the public fields plus a kind that steers excursion templates.
import type { SightContent } from './types';

/** 'nature' is a trip out of town; 'park' is green space or a view point inside the city. */
export type SightKind = 'museum' | 'temple' | 'fortress' | 'nature' | 'park' | 'street' | 'palace';

export interface SightInfo extends SightContent {
  kind: SightKind;
}

/** [name, kind, description] tuples grouped by city slug. */
export type SightTable = Record<string, [name: string, kind: SightKind, description: string][]>;
