/** Someone signed in or out: per-person data (the whole server-data cache, chat UI state) starts over. */
import { isAnyOf } from '@reduxjs/toolkit';
import { logoutUser, resetAuth, sessionStarted } from './authSlice';

export const sessionChanged = isAnyOf(sessionStarted, logoutUser.fulfilled, resetAuth);
