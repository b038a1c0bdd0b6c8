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
import { groupOperations } from './groups';
import { hashtagOperations } from './hashtags';
import { linkPreviewOperations } from './link-previews';
import { notificationOperations } from './notifications';
import { peopleOperations } from './people';
import { postOperations } from './posts';
import { pushOperations } from './push';
import { reactionOperations } from './reactions';
import { safetyOperations } from './safety';
import { securityOperations } from './security';
import { storyOperations } from './stories';

export {
  accountOperations,
  adminOperations,
  authOperations,
  chatOperations,
  commentOperations,
  connectionOperations,
  favoriteOperations,
  groupOperations,
  hashtagOperations,
  lifecycleOperations,
  linkPreviewOperations,
  notificationOperations,
  peopleOperations,
  postOperations,
  pushOperations,
  reactionOperations,
  safetyOperations,
  securityOperations,
  storyOperations,
};

export const operations = {
  ...authOperations,
  ...accountOperations,
  ...lifecycleOperations,
  ...peopleOperations,
  ...connectionOperations,
  ...notificationOperations,
  ...pushOperations,
  ...postOperations,
  ...favoriteOperations,
  ...reactionOperations,
  ...commentOperations,
  ...hashtagOperations,
  ...storyOperations,
  ...chatOperations,
  ...groupOperations,
  ...linkPreviewOperations,
  ...safetyOperations,
  ...adminOperations,
  ...securityOperations,
} satisfies Record<string, Operation>;
