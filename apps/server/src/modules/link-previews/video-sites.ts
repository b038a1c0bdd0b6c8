/**
 * Links to video sites get a card with the video's thumbnail, never an embedded player (Plaza's pages load
 * nothing from other sites). YouTube's thumbnail is known from the video's id, so a card can be made even when
 * its page cannot be read; other sites (Vimeo) name theirs in og:image like any page.
 */
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIDEO_ID = /^[\w-]{11}$/;

/** The YouTube video id a link names, or null. */
function youtubeIdOf(url: URL): string | null {
  let id: string | null = null;
  if (url.hostname === 'youtu.be') id = url.pathname.slice(1).split('/')[0];
  else if (YOUTUBE_HOSTS.has(url.hostname)) {
    const [, first, second] = url.pathname.split('/');
    id = first === 'watch' ? url.searchParams.get('v') : ['shorts', 'embed', 'live', 'v'].includes(first) ? second : null;
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** What a video site's link shows when its page says nothing usable: the thumbnail, and the site's name. */
export interface VideoCard {
  title: string;
  siteName: string;
  imageUrl: string;
}

export function knownVideoCard(href: string): VideoCard | null {
  const id = youtubeIdOf(new URL(href));
  return id ? { title: 'YouTube video', siteName: 'YouTube', imageUrl: `https://i.ytimg.com/vi/${id}/hqdefault.jpg` } : null;
}
