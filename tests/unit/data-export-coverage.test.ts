// Every table in the schema is either in "Download my data" or excluded with a reason (decision 0054): a table
// added later (a new user_id column, a new kind of record) fails here until someone decides where it goes.
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ZDataExport } from '../../src/domain/data-export-schema';
import * as schema from '../../src/server/db/schema';
import { EXPORT_COVERAGE } from '../../src/server/features/data-export/coverage';

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

/** A table with a column that names a person: a user_id-like column or a foreign key to users. */
function namesAPerson(table: ReturnType<typeof getTableConfig>): boolean {
  if (table.name === 'users') return true;
  if (table.columns.some((c) => /(^|_)user_id$/.test(c.name))) return true;
  return table.foreignKeys.some((fk) => getTableConfig(fk.reference().foreignTable).name === 'users');
}

describe('what the data export covers', () => {
  it('has every table of the schema, and only those', () => {
    const names = tables.map((t) => t.name).sort();
    expect(names.length).toBeGreaterThan(30);
    expect(
      names.filter((name) => !EXPORT_COVERAGE[name]),
      'tables neither in the export nor excluded',
    ).toEqual([]);
    expect(
      Object.keys(EXPORT_COVERAGE).filter((name) => !names.includes(name)),
      'entries no table has',
    ).toEqual([]);
  });

  it('puts every table that names a person in a section of the document', () => {
    const excludedPersonal = tables
      .filter((t) => namesAPerson(t))
      .filter((t) => !('section' in EXPORT_COVERAGE[t.name]!))
      .map((t) => t.name);
    expect(excludedPersonal).toEqual([]);
  });

  it('names only sections the document has, and gives every exclusion a reason', () => {
    const sections = new Set(Object.keys(ZDataExport.shape));
    for (const [table, coverage] of Object.entries(EXPORT_COVERAGE)) {
      if ('section' in coverage) expect(sections.has(coverage.section), table).toBe(true);
      else expect(coverage.excluded.length, table).toBeGreaterThan(20);
    }
  });
});
