/** Someone signed in or out: per-person data (the whole server-data cache, chat UI state) starts over. */
import { isAnyOf } from '@reduxjs/toolkit';
import { loginUser, logoutUser, resetAuth, signupUser } from './authSlice';

export const sessionChanged = isAnyOf(loginUser.fulfilled, signupUser.fulfilled, logoutUser.fulfilled, resetAuth);
