/**
 * An FTS5 query for what a person typed: each whitespace-separated word becomes a phrase of its letter and digit runs
 * with a prefix match on the last ("ann@exa" → `"ann exa"*`), and all words must match. Only letters and digits reach
 * the query, inside quotes, so nothing typed can be FTS syntax (`NEAR`, `*`, `"`, `:`, `-`). Null when nothing
 * searchable was typed.
 */
export function ftsQuery(search: string): string | null {
  const phrases: string[] = [];
  for (const word of search.normalize("NFKC").split(/\s+/u).slice(0, 32)) {
    const runs = word.match(/[\p{L}\p{N}]+/gu);
    if (runs === null) continue;
    phrases.push(`"${runs.join(" ")}"*`);
  }
  return phrases.length === 0 ? null : phrases.join(" AND ");
}
