/** The collapsible sidebar (product.md § Layout and theme: isSidebarExpanded, default true). */
import { createSlice } from '@reduxjs/toolkit';

const sidebarSlice = createSlice({
  name: 'sidebar',
  initialState: { isSidebarExpanded: true },
  reducers: {
    toggleSidebar(state) {
      state.isSidebarExpanded = !state.isSidebarExpanded;
    },
    setSidebarExpanded(state, action: { payload: boolean }) {
      state.isSidebarExpanded = action.payload;
    },
  },
});

export const { toggleSidebar, setSidebarExpanded } = sidebarSlice.actions;
export default sidebarSlice.reducer;
