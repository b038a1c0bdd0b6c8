/** Light/dark theme (product.md § Layout and theme), persisted under the theme key. */
import { createSlice } from '@reduxjs/toolkit';
import { themeFor } from './theme-state';

const themeSlice = createSlice({
  name: 'theme',
  initialState: themeFor(false),
  reducers: {
    toggleTheme: (state) => themeFor(!state.isDarkMode),
    setDarkMode: (_state, action: { payload: boolean }) => themeFor(action.payload),
  },
});

export const { toggleTheme, setDarkMode } = themeSlice.actions;
export default themeSlice.reducer;
