/** What the live pages take from the core and the protocol, in one import. */
export * from '../../core/index';
// Value imports name the protocol module: the index re-exports frames.ts, which would bring zod
// (~25 KB compressed) into the tab.
export { Topics } from '../../../workers/protocol/topics';
export { LivePaths } from '../../../workers/protocol/api/live';
export { Code } from '../../../workers/protocol/codes';
export type { Incident, OddsType, Sport, StatEntry, TextLiveLine } from '../../../workers/protocol/index';
