// UK postcode districts (outward codes) with their centroids, from resources/postcodes (OGL v3, see its
// LICENSE.md for the attribution that must be kept). Loaded once, on first use.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { haversineMiles, type LatLng, outcodeOf } from '../../domain/postcodes';
import { projectPath } from '../lib/paths';

export { outcodeOf };

export const POSTCODES_DIR = projectPath('resources/postcodes');

export interface Outcode {
  outcode: string;
  lat: number;
  lng: number;
  /** Royal Mail post town(s), comma-separated where a district has several; blank for a few. */
  postTown: string;
  /** Postcode area, the outcode's leading letters ("SW"). */
  area: string;
  areaName: string;
  /** ONS region, or Scotland / Wales. */
  region: string;
  /** PO boxes and bulk users: the coordinate is a sorting office, not an area on the ground. */
  nonGeographic: boolean;
}

/** Splits one CSV line; fields may be double-quoted (post towns contain commas). */
export function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
    } else {
      field += ch;
    }
  }
  fields.push(field);
  return fields;
}

function readCsv(file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(path.join(POSTCODES_DIR, file), 'utf8').split(/\r?\n/);
  const columns = parseCsvLine(header);
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const values = parseCsvLine(line);
      return Object.fromEntries(columns.map((c, i) => [c, values[i] ?? '']));
    });
}

let byCode: Map<string, Outcode> | undefined;
let list: readonly Outcode[] | undefined;

function load(): Map<string, Outcode> {
  if (byCode) return byCode;
  const rows = readCsv('uk-outcodes.csv').map(
    (r): Outcode => ({
      outcode: r.outcode,
      lat: Number(r.lat),
      lng: Number(r.lng),
      postTown: r.post_town.trim(),
      area: r.area,
      areaName: r.area_name,
      region: r.uk_region,
      nonGeographic: r.non_geographic === '1',
    }),
  );
  list = Object.freeze(rows);
  byCode = new Map(rows.map((o) => [o.outcode, o]));
  return byCode;
}

/** The district for an outcode ("sw1a" or "SW1A"), or undefined when it is not a known district. */
export function getOutcode(code: string): Outcode | undefined {
  return load().get(code.trim().toUpperCase());
}

/** Every district, in file order (alphabetical by outcode). */
export function allOutcodes(): readonly Outcode[] {
  load();
  return list!;
}

/** The district of a full postcode ("M1 1AA" → M1), or undefined when the district is unknown. */
export function outcodeForPostcode(postcode: string): Outcode | undefined {
  return getOutcode(outcodeOf(postcode));
}

let areaNames: Map<string, string> | undefined;

/** "SW" → "South West London". */
export function getAreaName(area: string): string | undefined {
  areaNames ??= new Map(readCsv('uk-postcode-areas.csv').map((r) => [r.area, r.name]));
  return areaNames.get(area.trim().toUpperCase());
}

/** The first post town of a district ("Welwyn, Welwyn Garden City" → "Welwyn"), else the area name. */
export function primaryTown(outcode: Outcode): string {
  return outcode.postTown.split(',')[0].trim() || outcode.areaName;
}

/**
 * Miles between two districts (by outcode) or points, using the district centroids;
 * undefined when an outcode is unknown.
 */
export function milesBetween(a: string | LatLng, b: string | LatLng): number | undefined {
  const from = typeof a === 'string' ? getOutcode(a) : a;
  const to = typeof b === 'string' ? getOutcode(b) : b;
  if (!from || !to) return undefined;
  return haversineMiles(from, to);
}
