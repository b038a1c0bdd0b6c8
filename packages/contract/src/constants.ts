/** Product constants of SPEC §9 — the one place they are written down. */

export const STORAGE_KEYS = {
  userDetails: 'userDetails',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  theme: 'theme',
  sidebar: 'isSidebarExpanded',
  viewedStories: 'viewedStories',
} as const;

export const SESSION_EXPIRY_REDIRECT_SECONDS = 5;
export const TOKEN_REFRESH_TIMEOUT_MS = 5000;

export const PAGE_SIZES = {
  network: 10,
  networkAfterReset: 15,
  feed: 10,
  comments: 10,
  suggestions: 5,
  chatUsers: 10,
  notifications: 20,
  chatHistory: 50,
  searchResults: 20,
  conversations: 30,
  friendRequests: 10,
} as const;

export const MAX_PAGE_LIMIT = 50;

export const TOAST = { durationMs: 3000, offsetPx: 8 } as const;

export const REACTION_TYPES = ['heart', 'fire', 'thumbsUp', 'smile', 'celebrate', 'clap'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

export const REACTION_EMOJI: Record<ReactionType, string> = {
  heart: '❤️',
  fire: '🔥',
  thumbsUp: '👍',
  smile: '😄',
  celebrate: '🎉',
  clap: '👏',
};

export const THEME_CLASSES = {
  light: { bg: 'bg-brand-light', text: 'text-brand-dark' },
  dark: { bg: 'bg-brand-dark', text: 'text-brand-primary' },
} as const;

export const CHAT = {
  historyRetries: 3,
  historyBackoffMs: [1000, 2000, 4000],
  sendRetries: 2,
  sendRetryDelayMs: 1000,
  sendErrorClearMs: 3000,
  reconnectNoticeClearMs: 2000,
  pingIntervalMs: 25_000,
  reconnectionAttempts: 10,
  reconnectionDelayMs: 1000,
  connectTimeoutMs: 20_000,
  messageMaxLength: 1000,
  counterAmberOver: 900,
  counterRedOver: 980,
  messagesPerSecond: 5,
} as const;

export const MOBILE_BREAKPOINT_PX = 768;

export const LIMITS = {
  userName: { min: 3, max: 30 },
  password: { min: 8, max: 128 },
  fullName: { min: 1, max: 80 },
  userBio: { max: 300 },
  postContent: { max: 5000 },
  postImages: 4,
  commentContent: { min: 1, max: 2000 },
  storyCaption: { max: 200 },
  avatarBytes: 5 * 1024 * 1024,
  imageBytes: 10 * 1024 * 1024,
  videoBytes: 50 * 1024 * 1024,
} as const;

export const STORY_LIFETIME_HOURS = 24;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;

/** Videos in stories and posts: checked with ffprobe, given a poster frame, re-encoded to H.264/AAC MP4 when needed. */
export const VIDEO_LIMITS = {
  maxDurationSeconds: 60,
  /** Longest side of the stored video and its poster. */
  maxDimensionPx: 1280,
} as const;
