/** Sonner's Toaster, mounted once a toast is asked for or the page sits idle (lib/toast.ts says why). */
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { loadSonner, sonnerAsked } from '../lib/toast';
import { whenIdle } from '../lib/when-idle';

const Toaster = lazy(() => loadSonner().then((s) => ({ default: s.Toaster })));

export function LazyToaster(props: ComponentProps<typeof Toaster>) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    let live = true;
    void sonnerAsked.then(() => live && setWanted(true));
    whenIdle(() => void loadSonner());
    return () => {
      live = false;
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  ) : null;
}
