/**
 * Left and right arrow keys that move between things side by side (stories, carousels): they follow the way
 * the page is read, so in a right-to-left document ArrowLeft goes to the next thing and ArrowRight back.
 */

export const isRightToLeft = (): boolean => document.documentElement.dir === 'rtl';

/** Which way a key steps, or null when it is not a left or right arrow. */
export function arrowStep(key: string, rightToLeft: boolean = isRightToLeft()): 'next' | 'previous' | null {
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return null;
  return (key === 'ArrowRight') !== rightToLeft ? 'next' : 'previous';
}
