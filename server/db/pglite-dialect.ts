/**
 * Kysely dialect for PGlite (embedded PostgreSQL in WASM). PGlite has one session, so the driver
 * hands out one connection at a time: a transaction never sees another request's statements.
 */
import type { PGlite, Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}
  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    // A statement without parameters goes by the simple protocol (`exec`: the query and a sync),
    // not the extended one (parse, describe, bind, describe, execute, sync): a third of the calls
    // into the WASM engine, each of which costs CPU whatever the statement does. Kysely compiles one
    // statement per query, so the last result is its.
    const res =
      q.parameters.length === 0
        ? ((await this.pg.exec(q.sql)).at(-1) as Results<R>)
        : await this.pg.query<R>(q.sql, q.parameters as unknown[]);
    return res.affectedRows !== undefined && res.fields.length === 0
      ? { rows: res.rows, numAffectedRows: BigInt(res.affectedRows) }
      : { rows: res.rows, numAffectedRows: res.affectedRows !== undefined ? BigInt(res.affectedRows) : undefined };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

class PgliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;
  private readonly conn: PgliteConnection;
  constructor(pg: PGlite) {
    this.conn = new PgliteConnection(pg);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const prev = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((r) => (release = r));
    await prev;
    this.release = release;
    return this.conn;
  }
  async beginTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(): Promise<void> {
    const r = this.release;
    this.release = null;
    r?.();
  }
  async destroy(): Promise<void> {}
}

export class PgliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PgliteDriver(this.pg);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
