import type { FastifyInstance } from 'fastify';
import {
  getCanUpdateInfo,
  getIsLogout,
  updateUserInfo,
} from '@melon/shared/calls/user-center.calls';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { route } from '../../plugins/app/call-route.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { loadAccountInfo } from '../account/account.service.ts';
import avatarRoutes from './avatar.routes.ts';
import { createProfileService } from './profile.service.ts';
import { presentCanUpdateInfo, presentIsLogout } from './user-center.presenter.ts';
import { userCenterFieldMessages } from './user-center.messages.ts';

/** The user-centre calls of SPEC §7: sign-out check, profile, avatar. */
export default async function userCenterRoutes(
  app: FastifyInstance,
  options: { storage: MediaStorage },
): Promise<void> {
  app.setSchemaErrorFormatter(fieldMessageFormatter(userCenterFieldMessages));
  const profiles = createProfileService({ db: app.db });

  route(app, getIsLogout, (_input, { reply, user }) => {
    reply.header('cache-control', 'no-store');
    return presentIsLogout(user !== null);
  });

  route(app, getCanUpdateInfo, async (_input, { reply, user }) => {
    reply.header('cache-control', 'no-store');
    return presentCanUpdateInfo(await profiles.nextNameChange(user.id, Date.now()));
  });

  route(app, updateUserInfo, async ({ name, description }, { user }) => {
    await profiles.update(user.id, { name, description }, Date.now());
    return loadAccountInfo(app.db, user.id);
  });

  await app.register(avatarRoutes, { storage: options.storage });
}
