/** Pulls a list out of a REST `data` that is an array or `{ <field> | list }` (servers answer both). */
export function listOf<T>(data: unknown, field = 'list'): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object') {
    const v = (data as Record<string, unknown>)[field] ?? (data as Record<string, unknown>).list;
    if (Array.isArray(v)) return v as T[];
  }
  return [];
}
