/** Product constants (product.md § Constants and limits) — the one place they are written down. */

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

/**
 * How a socket.io client of Plaza connects (the web app, and the cluster test's clients that stand in for
 * it): websocket only, so any balancer works without sticky sessions, and reconnection that never gives
 * up, with jittered exponential back-off up to `reconnectionDelayMax`.
 */
export const SOCKET_CLIENT = {
  path: '/socket.io',
  transports: ['websocket'],
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: CHAT.reconnectionDelayMs,
  reconnectionDelayMax: 15_000,
  randomizationFactor: 0.5,
  timeout: CHAT.connectTimeoutMs,
};

export const MOBILE_BREAKPOINT_PX = 768;

export const LIMITS = {
  userName: { min: 3, max: 30 },
  /** A person's name as addresses carry it: a local user name, or `name@host` for someone on another server. */
  handle: { max: 320 },
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

/** Hashtags (product.md § Hashtags): how tags are read from text, and the lists made of them. */
export const HASHTAG_LIMITS = {
  /** Longest tag, in characters (code points) once normalized; a longer run is not a tag at all. */
  maxLength: 50,
  /** Distinct tags kept per post or comment: the first ones in the text; later ones stay plain text. */
  perText: 10,
  /** Trending counts the people who used a tag within this many hours. */
  trendingWindowHours: 24,
  /** Tags in the trending list, and in one tag search. */
  trendingSize: 10,
  searchResults: 10,
} as const;
export const MENTION_LIMITS = {
  /** Distinct people a post, comment or message may mention: the first ones in the text; later ones stay plain text. */
  perText: 10,
  /** People the composers' autocomplete lists at once. */
  suggestions: 6,
} as const;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;

/** Videos in stories and posts: checked with ffprobe, given a poster frame, re-encoded to H.264/AAC MP4 when needed. */
export const VIDEO_LIMITS = {
  maxDurationSeconds: 60,
  /** Longest side of the stored video and its poster. */
  maxDimensionPx: 1280,
} as const;

/**
 * Abuse limits: how many times an action may happen in a window (`points` per `seconds`), per address
 * or per user as named. Set at human rates: someone using Plaza by hand never meets them, a script does.
 * The reasons are in docs/decisions/rate-limits.md; every refusal is a 429 with `Retry-After`.
 */
export const RATE_LIMITS = {
  /** Log-in attempts from one address, whatever names are tried (password spraying). */
  loginPerAddress: { points: 20, seconds: 60 },
  /** Sign-ups from one address. */
  signupPerAddress: { points: 10, seconds: 3600 },
  /** User-name availability checks from one address (the signup form asks as the user types). */
  userNameCheckPerAddress: { points: 60, seconds: 60 },
  /** Password-reset requests from one address. */
  passwordResetPerAddress: { points: 5, seconds: 900 },
  /** Token refreshes from one address (every open tab refreshes every 15 minutes). */
  refreshPerAddress: { points: 60, seconds: 60 },
  /** Password changes by one user. */
  passwordChangePerUser: { points: 5, seconds: 900 },
  /** Posts, stories and avatars one user uploads. */
  uploadsPerUser: { points: 30, seconds: 600 },
  /** Comments one user writes. */
  commentsPerUser: { points: 20, seconds: 60 },
  /** Reactions and comment likes one user toggles. */
  reactionsPerUser: { points: 120, seconds: 60 },
  /** Friend-request actions (send, accept, decline, cancel) and friend removals by one user. */
  friendRequestsPerUser: { points: 30, seconds: 600 },
  /** Chat messages one user sends: about five a second, in bursts of ten. */
  chatMessagesPerUser: { points: 10, seconds: 2 },
  /** Reports one user sends: enough for anyone in earnest; a flood of reports is itself abuse. */
  reportsPerUser: { points: 20, seconds: 600 },
  /** Two-factor codes tried for one account (sign-in, enable, disable): a six-digit code is no password. */
  twoFactorPerUser: { points: 10, seconds: 900 },
  /** Link cards one user asks the composer for: each may read a page on the web. */
  linkPreviewsPerUser: { points: 30, seconds: 60 },
  /**
   * Activities delivered to the inboxes here in the name of one other server, from one address: ten a
   * second, sustained, is more than a busy server sends; past it, a flood is answered 429 and its
   * server retries later (deliveries are retried with back-off).
   */
  inboxPerServer: { points: 600, seconds: 60 },
} as const;

/** After this many failed log-ins to one account, each further attempt waits twice as long as the last. */
export const LOGIN_BACKOFF = { freeFailures: 5, firstDelaySeconds: 2, maxDelaySeconds: 900, forgetAfterSeconds: 86_400 } as const;

/**
 * Realtime limits: sockets one user may hold, and the event budget of one user. What one address may
 * hold or make is the server's setting (SOCKETS_PER_ADDRESS, SOCKET_HANDSHAKES_PER_ADDRESS).
 */
export const SOCKET_LIMITS = {
  perUser: 10,
  /** Events a second over all of one user's sockets, with bursts of `eventBurst`. */
  eventsPerSecond: 20,
  eventBurst: 40,
  /** How long a socket may stay after its access token expired without sending a new one. */
  reauthGraceSeconds: 30,
} as const;

/** The most messages one chat history page, and conversations one list page, may ask for. */
export const CHAT_HISTORY_MAX_LIMIT = 100;
export const CONVERSATIONS_MAX_LIMIT = 100;

/** Group conversations (product.md § Group conversations). */
export const GROUP_CHAT = {
  /** People in a new group, its creator included. */
  minMembers: 3,
  /** The most people a group may hold, its creator included. */
  maxMembers: 100,
  nameMaxLength: 80,
  /** Group photos are uploaded like avatars: one image of at most this many bytes, stored square and re-encoded. */
  photoBytes: 5 * 1024 * 1024,
} as const;

/** What a report is about and why (product.md § Safety and moderation); the report form lists them. */
export const REPORT_TARGET_TYPES = ['post', 'comment', 'story', 'message', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = ['spam', 'harassment', 'nudity', 'violence', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TEXT_MAX = 1000;

export const COMMENT_LIKE_MESSAGES = { liked: 'Comment liked', unliked: 'Comment unliked' } as const;

/** Error texts clients match on (kept here, apart from the envelope's schema, so a client can read them without zod). */
export const REFRESH_ERRORS = {
  expired: 'Refresh token has expired. Please log in again.',
  invalid: 'Invalid refresh token.',
} as const;

export const INVALID_CREDENTIALS = 'Invalid user name, email or password.';

/** Link preview cards (link-previews.ts): the longest link that gets one, and how long its texts may be. */
export const LINK_PREVIEW_LIMITS = {
  urlMax: 2048,
  titleMax: 300,
  descriptionMax: 500,
  siteNameMax: 100,
} as const;
