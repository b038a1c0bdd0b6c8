/** What every feature module receives: configuration, the database and the shared services. */
import type { Config } from './config';
import type { Db, DialectName } from './db';
import type { EventBus } from './lib/events';
import type { MediaStorage } from './media/storage';
import type { AuthService } from './modules/auth/service';

export interface AppContext {
  config: Config;
  db: Db;
  dialect: DialectName;
  events: EventBus;
  storage: MediaStorage;
  auth: AuthService;
}
