/**
 * The database type: every area declares its tables in `server/db/tables/<area>.ts` and adds
 * its interface to the `extends` list here.
 */
import type { AccountTables } from './tables/accounts';
import type { LiveTables } from './tables/live';
import type { SystemTables } from './tables/system';
import type { UserCentreTables } from './tables/user';
import type { VliveTables } from './tables/vlive';
import type { AiTables } from './tables/ai';
import type { NewsTables } from './tables/news';
import type { ActivityTables } from './tables/activity';
import type { ProposalTables } from './tables/proposal';
import type { ImTables } from './tables/im';
import type { PayTables } from './tables/pay';
import type { BroadcastTables } from './tables/broadcast';

export interface Database
  extends
    SystemTables,
    AccountTables,
    LiveTables,
    VliveTables,
    UserCentreTables,
    AiTables,
    NewsTables,
    ActivityTables,
    ProposalTables,
    ImTables,
    PayTables,
    BroadcastTables {}
