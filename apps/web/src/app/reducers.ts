/** Every slice of the web app, by feature. */
import authReducer from '../features/auth/authSlice';
import themeReducer from '../features/theme/themeSlice';
import sessionReducer from '../features/ui/sessionSlice';
import sidebarReducer from '../features/ui/sidebarSlice';
import dismissedSuggestionsReducer from '../features/suggestions/dismissedSlice';
import storiesReducer from '../features/stories/storiesSlice';
import feedReducer from '../features/feed/feedSlice';
import reactionsReducer from '../features/reactions/reactionsSlice';
import commentsReducer from '../features/comments/commentsSlice';
import favoritesReducer from '../features/favorites/favoritesSlice';
import profilePostsReducer from '../features/posts/profilePostsSlice';
import chatReducer from '../features/chat/chatSlice';

export const reducers = {
  auth: authReducer,
  theme: themeReducer,
  session: sessionReducer,
  sidebar: sidebarReducer,
  dismissedSuggestions: dismissedSuggestionsReducer,
  stories: storiesReducer,
  feed: feedReducer,
  reactions: reactionsReducer,
  comments: commentsReducer,
  favorites: favoritesReducer,
  profilePosts: profilePostsReducer,
  chat: chatReducer,
};
