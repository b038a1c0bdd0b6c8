/** The middle value (the upper middle of an even count), for a figure that one slow round must not move. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
