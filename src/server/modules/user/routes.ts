import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordBody, passwordMessage } from '../../../shared/account';
import { profile } from '../../../shared/auth';
import { message } from '../../../shared/messages';
import { passwordPolicy } from '../../../shared/validate';
import type { AppContext } from '../../context';
import { admins } from '../../db/schema/account';
import { fieldError } from '../../errors';
import { actorOf, recordOperation } from '../../kit/operation-log';
import { envelopeOf, ok } from '../../plugins/envelope';
import { hashPassword, verifyPassword } from '../auth/password';
import { revokeSessions } from '../auth/sessions';

export const userRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, auth: authService },
) => {
  app.post(
    '/admin/user/detail',
    {
      config: { access: 'signed-in' },
      schema: {
        body: z.object({}).passthrough().nullish(),
        response: { 200: envelopeOf(profile) },
      },
    },
    async (request) => ok(await authService.profile(request.auth!)),
  );

  app.post(
    '/admin/user/changePassword',
    {
      config: { permission: 'change-password' },
      schema: {
        body: changePasswordBody,
        response: { 200: envelopeOf(z.object({ revokedSessions: z.boolean() })) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const { oldPassword, newPassword } = request.body;
      const [me] = await db.select().from(admins).where(eq(admins.id, auth.adminId));
      if (!me || !(await verifyPassword(me.passwordHash, oldPassword))) {
        throw fieldError('oldPassword', message('password.currentWrong'));
      }
      const broken = passwordPolicy(newPassword, { accountName: me.name, oldPassword });
      if (broken[0]) throw fieldError('newPassword', passwordMessage(broken[0], newPassword));
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(admins)
          .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
          .where(eq(admins.id, me.id));
        // Every other session of the account ends; this one stays signed in.
        await revokeSessions(tx, me.id, 'password-changed', auth.sessionId);
        await recordOperation(tx, actorOf(request), {
          action: 'user.changePassword',
          targetType: 'account',
          targetId: me.id,
        });
      });
      authService.forgetAccount(me.id);
      return ok({ revokedSessions: true });
    },
  );
};

export default userRoutes;
