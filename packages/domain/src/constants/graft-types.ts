import { translate, type MessageKey } from '../i18n/translate';
import type { Language } from '../i18n/languages';

/** Graft type numbers of the spec's enum; they travel as `t_ProdName_2`, `query_type` and `query_Type`. */
export const GraftType = {
  PulmonaryValveNoBifurcation: 1,
  PulmonaryValveBifurcation: 2,
  TruncusPulmonalisBifurcation: 3,
  TruncusPulmonalisNoBifurcation: 4,
  AorticValve: 5,
  AortaAscendens: 6,
  AortaDescendens: 7,
  ArcusAortae: 8,
} as const;
export type GraftTypeNumber = (typeof GraftType)[keyof typeof GraftType];

interface GraftTypeInfo {
  readonly number: GraftTypeNumber;
  /** Route segment of `home/clinic/search/{type}`. */
  readonly slug: string;
  /** English label; the web translates by slug. */
  readonly label: string;
  /**
   * True when the graft has a left and a right branch (`t_Lleft`/`t_Lright`, `t_Dleft`/`t_Dright`),
   * so the search offers the branch-length filters. Only the two pulmonary "bifurcation" types
   * qualify: they end in the left and right pulmonary arteries. The arcus aortae carries three
   * supra-aortic vessels, not a left/right pair, so it is searched like a straight vessel.
   */
  readonly bifurcated: boolean;
}

export const GRAFT_TYPES = [
  { number: 1, slug: 'pulmonary_valve_no_bifurcation', label: 'Pulmonary valve, no bifurcation', bifurcated: false },
  { number: 2, slug: 'pulmonary_valve_bifurcation', label: 'Pulmonary valve, bifurcation', bifurcated: true },
  { number: 3, slug: 'truncus_pulmonalis_bifurcation', label: 'Truncus pulmonalis, bifurcation', bifurcated: true },
  {
    number: 4,
    slug: 'truncus_pulmonalis_no_bifurcation',
    label: 'Truncus pulmonalis, no bifurcation',
    bifurcated: false,
  },
  { number: 5, slug: 'aortic_valve', label: 'Aortic valve', bifurcated: false },
  { number: 6, slug: 'aorta_ascendens', label: 'Aorta ascendens', bifurcated: false },
  { number: 7, slug: 'aorta_descendens', label: 'Aorta descendens', bifurcated: false },
  { number: 8, slug: 'arcus_aortae', label: 'Arcus aortae', bifurcated: false },
] as const satisfies readonly GraftTypeInfo[];

export type GraftTypeEntry = (typeof GRAFT_TYPES)[number];
export type GraftTypeSlug = GraftTypeEntry['slug'];

export function isGraftTypeNumber(value: unknown): value is GraftTypeNumber {
  return GRAFT_TYPES.some((type) => type.number === value);
}

export function graftTypeInfo(type: GraftTypeNumber): GraftTypeEntry {
  const info = GRAFT_TYPES.find((candidate) => candidate.number === type);
  if (!info) {
    throw new RangeError(`Unknown graft type ${String(type)}`);
  }
  return info;
}

export function graftTypeSlug(type: GraftTypeNumber): GraftTypeSlug {
  return graftTypeInfo(type).slug;
}

export function graftTypeLabel(type: GraftTypeNumber): string {
  return graftTypeInfo(type).label;
}

/** A graft type's name in `language`, from the server's catalogue (the web's own words for it). */
export function graftTypeWords(type: GraftTypeNumber, language: Language): string {
  return translate(language, `graftTypes.${graftTypeSlug(type)}` as MessageKey);
}

/** The graft type of a route segment, or null for a segment that names none (a 404 for the caller). */
export function graftTypeFromSlug(slug: string): GraftTypeNumber | null {
  return GRAFT_TYPES.find((type) => type.slug === slug)?.number ?? null;
}

export function isBifurcated(type: GraftTypeNumber): boolean {
  return graftTypeInfo(type).bifurcated;
}
