/** Every slice of the web app, by feature. */
import authReducer from '../features/auth/authSlice';
import themeReducer from '../features/theme/themeSlice';
import sessionReducer from '../features/ui/sessionSlice';
import sidebarReducer from '../features/ui/sidebarSlice';

export const reducers = {
  auth: authReducer,
  theme: themeReducer,
  session: sessionReducer,
  sidebar: sidebarReducer,
};
