/** Every slice of the web app, by feature. */
import authReducer from '../features/auth/authSlice';
import themeReducer from '../features/theme/themeSlice';
import sessionReducer from '../features/ui/sessionSlice';
import sidebarReducer from '../features/ui/sidebarSlice';
import connectionsReducer from '../features/connections/connectionsSlice';
import networkReducer from '../features/network/networkSlice';
import notificationsReducer from '../features/notifications/notificationsSlice';
import profileReducer from '../features/profile/profileSlice';
import searchReducer from '../features/search/searchSlice';
import suggestionsReducer from '../features/suggestions/suggestionsSlice';
import storyViewerReducer from '../features/stories/viewerSlice';
import chatReducer from '../features/chat/chatSlice';

export const reducers = {
  auth: authReducer,
  theme: themeReducer,
  session: sessionReducer,
  sidebar: sidebarReducer,
  connections: connectionsReducer,
  network: networkReducer,
  profile: profileReducer,
  search: searchReducer,
  suggestions: suggestionsReducer,
  notifications: notificationsReducer,
  storyViewer: storyViewerReducer,
  chat: chatReducer,
};
