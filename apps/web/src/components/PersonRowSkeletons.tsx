/** Rows of a round avatar beside two lines, standing in for a list of people while it loads. */
export function PersonRowSkeletons({
  count,
  lineWidths: [first, second],
  className,
  rowClassName = '',
}: {
  count: number;
  /** Width classes of the two lines, e.g. `w-28`. */
  lineWidths: [string, string];
  className: string;
  rowClassName?: string;
}) {
  return (
    <div className={className} aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`flex animate-pulse items-center gap-3 ${rowClassName}`}>
          <div className="h-11 w-11 rounded-full bg-slate-300 dark:bg-slate-600" />
          <div className="flex-1 space-y-2">
            <div className={`h-3 ${first} rounded skeleton`} />
            <div className={`h-3 ${second} rounded skeleton`} />
          </div>
        </div>
      ))}
    </div>
  );
}
