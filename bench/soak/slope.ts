/** The slope of the least-squares line through (x, y) points: growth per unit of x. 0 with fewer than two points. */
export function linearSlope(points: ReadonlyArray<readonly [x: number, y: number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((s, [x]) => s + x, 0) / n;
  const meanY = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  }
  return den === 0 ? 0 : num / den;
}
