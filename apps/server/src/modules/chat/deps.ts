/** The chat feature's per-app objects, shared by its routes and socket handlers (one set per app instance). */
import type { AppContext } from '../../context';
import { createFloodControl, type FloodControl } from './flood-control';
import { chatService, type ChatService } from './service';

export interface ChatDeps {
  flood: FloodControl;
  service: ChatService;
}

const byApp = new WeakMap<AppContext, ChatDeps>();

export function chatDeps(ctx: AppContext): ChatDeps {
  let deps = byApp.get(ctx);
  if (!deps) {
    const flood = createFloodControl(ctx.config);
    deps = { flood, service: chatService(ctx, flood) };
    byApp.set(ctx, deps);
  }
  return deps;
}

export function closeChatDeps(ctx: AppContext): void {
  const deps = byApp.get(ctx);
  byApp.delete(ctx);
  void deps?.flood.close();
}
