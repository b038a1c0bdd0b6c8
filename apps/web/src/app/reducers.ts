/** The client-state slices of the web app, by feature; server data lives in the RTK Query cache (api/plaza-api.ts). */
import authReducer from '../features/auth/authSlice';
import sessionReducer from '../features/auth/sessionSlice';
import chatReducer from '../features/chat/chatSlice';
import sidebarReducer from '../features/shell/sidebarSlice';
import storyViewerReducer from '../features/stories/viewerSlice';
import dismissedSuggestionsReducer from '../features/suggestions/dismissedSlice';
import themeReducer from '../features/theme/themeSlice';

export const reducers = {
  auth: authReducer,
  theme: themeReducer,
  session: sessionReducer,
  sidebar: sidebarReducer,
  dismissedSuggestions: dismissedSuggestionsReducer,
  storyViewer: storyViewerReducer,
  chat: chatReducer,
};
