/**
 * Image work runs a few jobs at a time, each on one libvips thread, so a burst of uploads waits its
 * turn instead of taking every core and the libuv pool that file access and password hashing share.
 * A queue that grows past its bound refuses with 503 and Retry-After rather than hold uploads in memory.
 */
import sharp from 'sharp';
import { HttpError } from '../lib/errors';

export interface ImageQueueOptions {
  running: number;
  waiting: number;
}

export class ImageQueue {
  private active = 0;
  private readonly queued: Array<() => void> = [];

  constructor(private readonly opts: ImageQueueOptions) {}

  /** Waits for a free slot; the returned function gives it back (calling it again does nothing). */
  async acquire(): Promise<() => void> {
    if (this.active < this.opts.running) this.active += 1;
    else if (this.queued.length >= this.opts.waiting) {
      throw new HttpError(503, 'Service Unavailable', 'Too many images are being processed. Please try again shortly.', undefined, {
        retryAfter: 5,
      });
    }
    // A released slot passes straight to the next waiter, so `active` already counts it.
    else await new Promise<void>((resolve) => this.queued.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queued.shift();
      if (next) next();
      else this.active -= 1;
    };
  }
}

sharp.concurrency(1);

export const imageQueue = new ImageQueue({ running: 2, waiting: 32 });
