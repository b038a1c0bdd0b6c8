/**
 * Socket.io event maps (CONTRACT "Socket.io"). Both the server and the web client type their
 * sockets with these, so an event name or payload exists once.
 */
import type {
  JoinRoomPayload,
  LeaveRoomPayload,
  Message,
  MessagesReadEvent,
  PingPayload,
  RoomJoinedEvent,
  SendMessagePayload,
  TypingEvent,
  TypingPayload,
} from './chat';

export interface AckResult {
  status: 'ok' | 'error';
  error?: string;
}

/** The `error` texts of a chat ack. */
export const CHAT_ACK_ERRORS = {
  invalid: 'invalid_payload',
  forbidden: 'forbidden',
  notFound: 'not_found',
  rateLimited: 'rate_limited',
  failed: 'failed',
} as const;

/** Payloads are what a well-behaved client sends; the server still parses each one with the chat schemas. */
export interface ClientToServerEvents {
  userConnected: (userId: string) => void;
  joinRoom: (payload: JoinRoomPayload, ack?: (result: AckResult) => void) => void;
  leaveRoom: (payload: LeaveRoomPayload, ack?: (result: AckResult) => void) => void;
  sendMessage: (payload: SendMessagePayload, ack?: (result: AckResult) => void) => void;
  ping: (payload: PingPayload) => void;
  typing: (payload: TypingPayload) => void;
}

export interface ServerToClientEvents {
  onlineUsers: (ids: string[]) => void;
  receiveMessage: (message: Message) => void;
  roomJoined: (payload: RoomJoinedEvent) => void;
  // Typed loosely here; the notifications module narrows it with its schema.
  notification: (notification: unknown) => void;
  typing: (payload: TypingEvent) => void;
  messagesRead: (payload: MessagesReadEvent) => void;
}

/** The chat room of two users: their ids sorted and joined with a hyphen (SPEC §3). */
export function pairRoom(a: string, b: string): string {
  return [a, b].sort().join('-');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The two user ids of a pair room, or null when `room` is not one. Ids are 36-character UUIDs that
 * contain hyphens themselves, so the room is split by position, not at the first hyphen.
 */
export function parsePairRoom(room: string): [string, string] | null {
  if (room.length !== 73 || room[36] !== '-') return null;
  const a = room.slice(0, 36);
  const b = room.slice(37);
  if (!UUID.test(a) || !UUID.test(b) || !(a < b)) return null;
  return [a, b];
}
