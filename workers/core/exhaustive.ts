/**
 * The never-check that ends every inbound switch of the core: when the protocol gains an event
 * kind, each switch that does not handle it stops compiling (tests/workers/core/exhaustive.test.ts
 * shows it with the real router).
 */
export function exhaustive(event: never): never {
  throw new Error(`unhandled inbound event ${JSON.stringify(event)}`);
}
