/** The other servers as admins see them, and their blocks: only admins may list or block them (docs/decisions/federation.md). */
import type { AppContext } from '../../context';
import { requireRole } from '../moderation';
import { instancesRepo } from './instances-repo';

export function instancesService(ctx: AppContext) {
  const repo = instancesRepo(ctx.db);
  const asAdmin = (userId: string) => requireRole(ctx.db, userId, ['admin']);
  // Hosts are kept as handles write them: lower case (`Host:Port` and `host:port` are one server).
  const hostOf = (host: string) => host.toLowerCase();

  return {
    async list(adminId: string) {
      await asAdmin(adminId);
      return (await repo.list()).map((i) => ({ ...i, blocked: i.blockedAt !== null }));
    },
    async block(adminId: string, host: string): Promise<void> {
      await asAdmin(adminId);
      await repo.block(hostOf(host));
    },
    async unblock(adminId: string, host: string): Promise<void> {
      await asAdmin(adminId);
      await repo.unblock(hostOf(host));
    },
  };
}
export type InstancesService = ReturnType<typeof instancesService>;
