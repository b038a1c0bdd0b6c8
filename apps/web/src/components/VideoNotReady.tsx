/**
 * In a video's place while the server still makes it playable, or when it could not: says so, in the
 * shape the caller gives, and fetches nothing (the video's URLs answer nothing yet). Posts, stories and
 * the moderation queue show the same words.
 */
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

export type VideoStatus = 'processing' | 'failed';

export function VideoNotReady({ status, className = '', style }: { status: VideoStatus; className?: string; style?: CSSProperties }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      className={`flex items-center justify-center bg-slate-800 px-4 text-center text-sm text-slate-100 ${className}`}
      style={style}
    >
      {status === 'processing' ? t('video.processing') : t('video.failed')}
    </div>
  );
}
