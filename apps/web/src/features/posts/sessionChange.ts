/** Someone signed in or out: per-person lists (feed, saved posts, reactions, comments) start over. */
import { isAnyOf } from '@reduxjs/toolkit';
import { loginUser, logoutUser, resetAuth, signupUser } from '../auth/authSlice';

export const sessionChanged = isAnyOf(loginUser.fulfilled, signupUser.fulfilled, logoutUser.fulfilled, resetAuth);
