// Bulk inserts for the seed: each batch of rows goes to the server as ONE JSON parameter, expanded by
// json_populate_recordset. Far below PostgreSQL's 65,535 bind-parameter limit whatever the batch, and it
// skips Drizzle's per-value SQL building, which alone took over a second per 20k rows.
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../client';

export async function insertInBatches<T extends PgTable>(
  db: Db | Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
  maxRows = 2000,
): Promise<void> {
  const columns = getTableColumns(table);
  // Rows are grouped by the fields they set, so a field a row leaves out still gets its column default.
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows as readonly Record<string, unknown>[]) {
    const keys = Object.keys(row).filter((k) => row[k] !== undefined);
    const signature = keys.join(',');
    const group = groups.get(signature) ?? [];
    group.push(row);
    groups.set(signature, group);
  }
  for (const [signature, group] of groups) {
    const keys = signature.split(',');
    const names = keys.map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`no column ${key} in the table`);
      return column.name;
    });
    const columnList = sql.join(
      names.map((name) => sql.identifier(name)),
      sql`, `,
    );
    for (let start = 0; start < group.length; start += maxRows) {
      const records = group
        .slice(start, start + maxRows)
        .map((row) => Object.fromEntries(keys.map((key, i) => [names[i], row[key]])));
      await db.execute(
        sql`insert into ${table} (${columnList}) select ${columnList} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`,
      );
    }
  }
}
