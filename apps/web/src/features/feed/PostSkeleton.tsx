/** The shape of a post card while posts load. */
export function PostSkeleton({ withImage = false }: { withImage?: boolean }) {
  return (
    <div className="card animate-pulse p-4" aria-hidden="true">
      <div className="flex items-center gap-3">
        <div className="h-11 w-11 rounded-full skeleton" />
        <div className="flex-1 space-y-2">
          <div className="h-3.5 w-32 rounded skeleton" />
          <div className="h-3 w-20 rounded skeleton" />
        </div>
      </div>
      <div className="mt-4 space-y-2">
        <div className="h-3 w-full rounded skeleton" />
        <div className="h-3 w-5/6 rounded skeleton" />
      </div>
      {withImage && <div className="mt-4 aspect-[16/10] rounded-xl skeleton" />}
      <div className="mt-4 flex gap-1.5">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-8 w-10 rounded-full skeleton" />
        ))}
      </div>
    </div>
  );
}
