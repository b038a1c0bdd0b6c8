/**
 * The error page of every route: a page file that failed to load offers a reload (after reloading by
 * itself once), any other failure a friendly way back — never the router's developer page.
 */
import { AlertTriangle, RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnceForChunk } from './chunk-reload';

/** `standalone`: rendered without the app's frame, so it is the page's main landmark. */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const [reloading] = useState(() => chunk && reloadOnceForChunk());

  useEffect(() => {
    if (!chunk) console.warn('Page failed to render', error);
  }, [chunk, error]);

  if (reloading) return null;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorLayout
        standalone={standalone}
        icon={<AlertTriangle className="h-10 w-10" />}
        title={t('errorPage.notFound')}
        text={t('errorPage.missingText')}
      />
    );
  }
  return chunk ? (
    <ErrorLayout
      standalone={standalone}
      icon={<WifiOff className="h-10 w-10" />}
      title={t('errorPage.chunkTitle')}
      text={t('errorPage.chunkText')}
    />
  ) : (
    <ErrorLayout
      standalone={standalone}
      icon={<AlertTriangle className="h-10 w-10" />}
      title={t('errorPage.brokenTitle')}
      text={t('errorPage.brokenText')}
    />
  );
}

function ErrorLayout({ standalone, icon, title, text }: { standalone: boolean; icon: React.ReactNode; title: string; text: string }) {
  const { t } = useTranslation();
  const Frame = standalone ? 'main' : 'div';
  return (
    <Frame className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <div className="rounded-full bg-brand-primary/10 p-5 text-brand-primary">{icon}</div>
      <h1 className="text-3xl font-extrabold">{title}</h1>
      <p className="max-w-sm text-slate-600 dark:text-slate-300">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="inline-flex items-center gap-2 rounded-xl bg-brand-primary px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-primary-hover"
        >
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('errorPage.reload')}
        </button>
        <Link
          to="/feeds"
          reloadDocument
          className="rounded-xl bg-slate-100 px-5 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-200 dark:bg-slate-700 dark:text-slate-100 dark:hover:bg-slate-600"
        >
          {t('errorPage.backToFeed')}
        </Link>
      </div>
    </Frame>
  );
}
