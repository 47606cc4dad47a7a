// Looking a value a client sent up in a table of ours. `TABLE[value]` also finds what every object inherits
// (`constructor`, `__proto__`, `toString`), which then travelled into SQL as a function and came back as a 500.

/** The table's own entry for this key, never an inherited one. */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
