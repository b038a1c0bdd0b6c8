import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';

/** `inApp`: shown inside the signed-in frame (a screen that is not this person's), not as a page of its own. */
export default function NotFoundPage({ inApp = false }: { inApp?: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('errorPage.notFound'));
  // On its own it is the page's main region; inside the signed-in frame, that frame's <main> holds it.
  const Root = inApp ? 'div' : 'main';
  return (
    <Root className={`flex flex-col items-center justify-center gap-4 text-center ${inApp ? 'py-24' : 'min-h-screen p-6'}`}>
      <div className="rounded-full bg-brand-primary/10 p-5 text-brand-primary">
        <Compass className="h-10 w-10" />
      </div>
      <h1 className="text-4xl font-extrabold">{t('errorPage.notFound')}</h1>
      <p className="max-w-sm text-slate-500 dark:text-slate-400">{t('errorPage.notFoundText')}</p>
      <Link to="/feeds" className="rounded-xl bg-brand-primary px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-primary-hover">
        {t('errorPage.backToPlaza')}
      </Link>
    </Root>
  );
}
