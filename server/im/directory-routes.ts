/** The 消息 tab's address book call (issue 13); notices are the user centre's (`/user/messages?kind=`). */
import { embeddedUrl, ok } from '../../workers/protocol/index';
import { DirectoryPaths as P } from '../../workers/protocol/api/message-directory';
import type { AreaPlugin } from '../context';
import { requireUserId } from '../user/auth';
import { contactsOf } from './contacts';

export const imDirectoryArea: AreaPlugin = (app, ctx) => {
  app.get(embeddedUrl(P.contacts), async (req) => ok(await contactsOf(ctx.db, await requireUserId(ctx, req))));
};
