/**
 * One change of the records database's schema: applied once, inside a transaction, in order of `version`, and noted
 * in `schema_migrations` under its number and name. A migration is never edited once released: a change is a new one.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
