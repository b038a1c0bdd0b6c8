/** The client-state slices of the web app, by feature; server data lives in the RTK Query cache (api/plaza-api.ts). */
import authReducer from '../features/auth/authSlice';
import themeReducer from '../features/theme/themeSlice';
import sessionReducer from '../features/ui/sessionSlice';
import sidebarReducer from '../features/ui/sidebarSlice';
import dismissedSuggestionsReducer from '../features/suggestions/dismissedSlice';
import storyViewerReducer from '../features/stories/viewerSlice';
import chatReducer from '../features/chat/chatSlice';

export const reducers = {
  auth: authReducer,
  theme: themeReducer,
  session: sessionReducer,
  sidebar: sidebarReducer,
  dismissedSuggestions: dismissedSuggestionsReducer,
  storyViewer: storyViewerReducer,
  chat: chatReducer,
};
