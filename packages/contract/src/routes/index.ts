/** Every HTTP operation of Plaza's API, by operationId: what the server registers and clients call. */
import type { Operation } from '../operation';
import { accountOperations } from './account';
import { adminOperations } from './admin';
import { lifecycleOperations } from './accounts';
import { authOperations } from './auth';
import { chatOperations } from './chat';
import { commentOperations } from './comments';
import { connectionOperations } from './connections';
import { favoriteOperations } from './favorites';
import { notificationOperations } from './notifications';
import { peopleOperations } from './people';
import { postOperations } from './posts';
import { reactionOperations } from './reactions';
import { safetyOperations } from './safety';
import { storyOperations } from './stories';

export {
  accountOperations,
  adminOperations,
  authOperations,
  chatOperations,
  commentOperations,
  connectionOperations,
  favoriteOperations,
  lifecycleOperations,
  notificationOperations,
  peopleOperations,
  postOperations,
  reactionOperations,
  safetyOperations,
  storyOperations,
};

export const operations = {
  ...authOperations,
  ...accountOperations,
  ...lifecycleOperations,
  ...peopleOperations,
  ...connectionOperations,
  ...notificationOperations,
  ...postOperations,
  ...favoriteOperations,
  ...reactionOperations,
  ...commentOperations,
  ...storyOperations,
  ...chatOperations,
  ...safetyOperations,
  ...adminOperations,
} satisfies Record<string, Operation>;
