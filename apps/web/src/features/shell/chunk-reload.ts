/**
 * A lazy page whose file cannot be fetched: after a redeploy the old hashed file is gone, or the
 * network dropped. The app reloads itself once per page (the new index.html names the new files);
 * if that already happened, the error page offers a manual reload instead of looping.
 */
const RELOADED_KEY = 'plaza:chunk-reload';

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError|Loading chunk/i.test(
    text,
  );
}

/** True when a reload was started (the caller renders nothing meanwhile). */
export function reloadOnceForChunk(location: Pick<Location, 'pathname' | 'reload'> = window.location): boolean {
  const reloadedFor = sessionStorage.getItem(RELOADED_KEY);
  if (reloadedFor === location.pathname) return false;
  sessionStorage.setItem(RELOADED_KEY, location.pathname);
  location.reload();
  return true;
}

/** A page rendered: the next failure on it may reload again. */
export const chunkLoaded = () => sessionStorage.removeItem(RELOADED_KEY);
