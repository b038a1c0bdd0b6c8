/**
 * The network (product.md § Network and connections) in four tabs: Requests waiting for your answer, requests you Sent,
 * your Friends, and Everyone else on Plaza; each paged, the last two searchable. The tab is in the URL
 * (`?tab=`); without one, the page opens on Requests when any are waiting.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../../i18n/people-catalog';
import { SearchBox } from '../../components/SearchBox';
import { useReceivedRequestCount, useFriendRequestsInfiniteQuery } from '../connections';
import { useDebouncedValue } from '../search';
import { SuggestionsPanel } from '../suggestions';
import { PeopleList } from './PeopleList';
import { RequestList } from './RequestList';
import { useDocumentTitle } from '../../lib/document-title';

export const SEARCH_DEBOUNCE_MS = 300;

const TABS = ['requests', 'sent', 'friends', 'everyone'] as const;
type TabId = (typeof TABS)[number];
const isTab = (value: string | null): value is TabId => TABS.some((id) => id === value);

export default function NetworkPage() {
  const { t } = useTranslation('people');
  useDocumentTitle(t('network.title'));
  const [params, setParams] = useSearchParams();
  const received = useReceivedRequestCount();
  const { data: receivedLoaded } = useFriendRequestsInfiniteQuery('received');
  const asked = params.get('tab');
  // Without a tab in the URL: Requests if someone is waiting when the page first knows, else Everyone.
  const [opening, setOpening] = useState<TabId | null>(null);
  if (!isTab(asked) && opening === null && receivedLoaded) setOpening(received > 0 ? 'requests' : 'everyone');
  const tab: TabId = isTab(asked) ? asked : (opening ?? 'everyone');
  const [term, setTerm] = useState('');
  const query = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const searchable = tab === 'everyone' || tab === 'friends';

  const choose = (id: TabId) => setParams((p) => new URLSearchParams({ ...Object.fromEntries(p), tab: id }), { replace: true });

  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <section aria-labelledby="network-title" className="min-w-0">
        <header className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 id="network-title" className="text-2xl font-bold tracking-tight">
              {t('network.title')}
            </h1>
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('network.subtitle')}</p>
          </div>
          {searchable && (
            <SearchBox
              className="sm:w-72"
              value={term}
              onChange={setTerm}
              label={t('network.search')}
              placeholder={t('network.searchPlaceholder')}
              autoComplete="off"
            />
          )}
        </header>

        <NetworkTabs tab={tab} received={received} onChoose={choose} />

        {tab === 'everyone' && <SuggestionsPanel layout="strip" className="mb-6 lg:hidden" />}

        <div id="network-panel" role="tabpanel" aria-labelledby={`network-tab-${tab}`}>
          {tab === 'requests' && <RequestList direction="received" />}
          {tab === 'sent' && <RequestList direction="sent" />}
          {tab === 'friends' && <PeopleList key="friends" query={query} connection="friends" label={t('network.friends')} />}
          {tab === 'everyone' && <PeopleList key="everyone" query={query} label={t('network.people')} />}
        </div>
      </section>

      <aside className="hidden lg:block">
        <div className="sticky top-20">
          <SuggestionsPanel layout="list" />
        </div>
      </aside>
    </div>
  );
}

/** The four tabs, Requests with how many are waiting. */
function NetworkTabs({ tab, received, onChoose }: { tab: TabId; received: number; onChoose: (id: TabId) => void }) {
  const { t } = useTranslation('people');
  return (
    <div
      role="tablist"
      aria-label={t('network.title')}
      className="mb-5 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-700/70"
    >
      {TABS.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`network-tab-${id}`}
          aria-selected={tab === id}
          aria-controls="network-panel"
          onClick={() => onChoose(id)}
          className={`-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-semibold transition ${
            tab === id
              ? 'border-brand-primary text-brand-primary dark:text-indigo-300'
              : 'border-transparent text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100'
          }`}
        >
          {t(`network.tabs.${id}`)}
          {id === 'requests' && received > 0 && (
            <span
              aria-label={t('network.waiting', { count: received })}
              className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-500 px-1.5 text-[11px] font-bold text-white"
            >
              {received > 99 ? '99+' : received}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
