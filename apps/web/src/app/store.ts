/** The Redux store: client-state slices, the RTK Query cache, listeners for persistence; preloaded from storage at start. */
import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { plazaApi } from '../api/plaza-api';
import { addAuthPersistence } from '../features/auth';
import { sessionChanged } from '../features/auth';
import { applyTheme } from '../features/theme';
import { reducers } from './reducers';

const rootReducer = combineReducers({ ...reducers, [plazaApi.reducerPath]: plazaApi.reducer });
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  addAuthPersistence(listener);
  listener.startListening({
    predicate: (_action, current, previous) => (current as RootState).theme.isDarkMode !== (previous as RootState).theme.isDarkMode,
    effect: (_action, api) => {
      applyTheme((api.getState() as RootState).theme.isDarkMode);
    },
  });
  // Someone signed in or out: nothing cached for the previous person may show to the next one.
  listener.startListening({
    matcher: sessionChanged,
    effect: (_action, api) => {
      api.dispatch(plazaApi.util.resetApiState());
    },
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(plazaApi.middleware),
    // The API layer's updates are batched and React is told on a short timer, not in the next animation frame
    // (Redux Toolkit's default): there, the render they cause (synchronous, from the store) shared a task with
    // the frame's style and layout, one long task on a phone; on a timer they are two tasks.
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'timer', timeout: 10 } }),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
