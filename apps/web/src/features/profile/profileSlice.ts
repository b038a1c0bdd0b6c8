/**
 * The profile on screen: the signed-in user's own (GET /users/u/profile/{authUser}) or a visited one
 * (…/visited/{userName}), with its counts. An unknown user is a state of its own, not an error.
 */
import type { ConnectionStatus, ProfileStats, PublicUser, SelfUser } from '@plaza/contract';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { peopleApi } from '../../api/people';
import { changeConnection } from '../connections/connectionThunks';
import { rejection, type PeopleRejection, type RequestStatus } from '../connections/request';
import { notificationReceived } from '../notifications/notificationsSlice';

export const PROFILE_ERROR = 'Failed to fetch user profile';

export interface ProfileData {
  user: PublicUser | SelfUser;
  stats: ProfileStats;
  isOwn: boolean;
  /** Only for a visited profile. */
  connectionStatus: ConnectionStatus | null;
  mutualFriends: number | null;
}

export interface ProfileState {
  /** The visited user name the data belongs to (as asked for). */
  userName: string | null;
  data: ProfileData | null;
  status: RequestStatus;
  error: string | null;
  notFound: boolean;
}

export const initialProfileState: ProfileState = { userName: null, data: null, status: 'idle', error: null, notFound: false };

export const isSameUser = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

interface AuthShape {
  auth: { userDetails: { userName: string } | null };
}

export const fetchProfile = createAsyncThunk<ProfileData, string, { rejectValue: PeopleRejection; state: AuthShape }>(
  'profile/fetch',
  async (visitedUser, { rejectWithValue, getState }) => {
    const authUser = getState().auth.userDetails?.userName;
    if (!authUser) return rejectWithValue({ error: PROFILE_ERROR, message: PROFILE_ERROR, canceled: false });
    try {
      if (isSameUser(authUser, visitedUser)) {
        const res = await peopleApi.ownProfile(authUser);
        // SPEC §7: the own profile counts as loaded only with status 200 and success true.
        if (res.status !== 200 || res.data.success !== true) throw new Error('Unexpected profile response');
        return { user: res.data.data.user, stats: res.data.data.stats, isOwn: true, connectionStatus: null, mutualFriends: null };
      }
      const { data } = await peopleApi.visitedProfile(authUser, visitedUser);
      return {
        user: data.data.user,
        stats: data.data.stats,
        isOwn: false,
        connectionStatus: data.data.connectionStatus,
        mutualFriends: data.data.mutualFriends,
      };
    } catch (err) {
      return rejectWithValue(rejection(err, PROFILE_ERROR));
    }
  },
);

const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchProfile.pending, (state, { meta }) => {
        // Another person's page never flashes the previous one.
        if (state.userName === null || !isSameUser(state.userName, meta.arg)) state.data = null;
        state.userName = meta.arg;
        state.status = 'loading';
        state.error = null;
        state.notFound = false;
      })
      .addCase(fetchProfile.fulfilled, (state, { meta, payload }) => {
        if (state.userName !== meta.arg) return;
        state.status = 'succeeded';
        state.data = payload;
      })
      .addCase(fetchProfile.rejected, (state, { meta, payload }) => {
        if (state.userName !== meta.arg || payload?.canceled) return;
        state.status = 'failed';
        state.notFound = payload?.status === 404;
        state.error = PROFILE_ERROR;
      })
      .addCase(changeConnection.fulfilled, (state, { payload }) => {
        const data = state.data;
        if (!data || data.isOwn || data.user._id !== payload.targetUserId) return;
        data.connectionStatus = payload.status;
        const wasFriend = payload.previous === 'friends';
        const isFriend = payload.status === 'friends';
        if (wasFriend !== isFriend) data.stats.friends = Math.max(0, data.stats.friends + (isFriend ? 1 : -1));
      })
      .addCase(notificationReceived, (state, { payload }) => {
        // The person on screen accepted the caller's request just now: one more friend on their count.
        const data = state.data;
        if (
          payload.type !== 'friend_accept' ||
          !data ||
          data.isOwn ||
          data.user._id !== payload.actor._id ||
          data.connectionStatus === 'friends'
        )
          return;
        data.connectionStatus = 'friends';
        data.stats.friends += 1;
      });
  },
});

export default profileSlice.reducer;
