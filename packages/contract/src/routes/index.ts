/** Every HTTP operation of Plaza's API, by operationId: what the server registers and clients call. */
import type { Operation } from '../operation';
import { accountOperations } from './account';
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
import { storyOperations } from './stories';

export {
  accountOperations,
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
} satisfies Record<string, Operation>;
