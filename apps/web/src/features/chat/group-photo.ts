/** A group's photo: the kinds of image it may be, and the check of a picked file before it is uploaded. */
import { GROUP_CHAT } from '@plaza/contract';
import i18next from 'i18next';
import { withSniffedType } from '../../lib/media-sniff';

export const GROUP_PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

/** A picked photo, or why it cannot be one. */
export async function checkGroupPhoto(chosen: File): Promise<File | string> {
  const file = await withSniffedType(chosen);
  if (!GROUP_PHOTO_TYPES.split(',').includes(file.type)) return i18next.t('chat:photo.notImage', { name: file.name });
  if (file.size > GROUP_CHAT.photoBytes) return i18next.t('chat:photo.tooLarge', { mb: GROUP_CHAT.photoBytes / 1024 / 1024 });
  return file;
}
