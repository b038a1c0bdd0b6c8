/** The Redux store: slices by feature, listeners for persistence, preloaded from storage at start. */
import { STORAGE_KEYS } from '@plaza/contract';
import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { addAuthPersistence } from '../features/auth/persistence';
import { reducers } from './reducers';

const rootReducer = combineReducers(reducers);
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  addAuthPersistence(listener);
  listener.startListening({
    predicate: (_action, current, previous) => (current as RootState).theme.isDarkMode !== (previous as RootState).theme.isDarkMode,
    effect: (_action, api) => {
      const dark = (api.getState() as RootState).theme.isDarkMode;
      localStorage.setItem(STORAGE_KEYS.theme, dark ? 'dark' : 'light');
      document.documentElement.classList.toggle('dark', dark);
    },
  });
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listener.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
