/** What a story may be made of (product.md § Stories), checked before an upload starts. */
import { LIMITS } from '@plaza/contract';
import i18next from 'i18next';
import './stories-catalog';

export const IMAGE_MIME = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const VIDEO_MIME = ['video/mp4', 'video/webm'];
export const ACCEPTED_MEDIA = [...IMAGE_MIME, ...VIDEO_MIME].join(',');

const MB = 1024 * 1024;

export type PickedMedia = { kind: 'image' | 'video'; error: null } | { kind: null; error: string };

/** The server checks the bytes again; this only spares a long upload that would be refused. */
export function checkStoryMedia(file: Pick<File, 'type' | 'size'>): PickedMedia {
  if (IMAGE_MIME.includes(file.type)) {
    return file.size > LIMITS.imageBytes
      ? { kind: null, error: i18next.t('stories:create.photoTooBig', { mb: LIMITS.imageBytes / MB }) }
      : { kind: 'image', error: null };
  }
  if (VIDEO_MIME.includes(file.type)) {
    return file.size > LIMITS.videoBytes
      ? { kind: null, error: i18next.t('stories:create.videoTooBig', { mb: LIMITS.videoBytes / MB }) }
      : { kind: 'video', error: null };
  }
  return { kind: null, error: i18next.t('stories:create.wrongType') };
}
