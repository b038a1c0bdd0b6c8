/**
 * Socket.io event maps (CONTRACT "Socket.io"). Both the server and the web client type their
 * sockets with these, so an event name or payload exists once.
 */
export interface AckResult {
  status: 'ok' | 'error';
  error?: string;
}

export interface ClientToServerEvents {
  userConnected: (userId: string) => void;
  joinRoom: (payload: { room: string; userId: string; username?: string }) => void;
  leaveRoom: (payload: { room: string; userId: string }) => void;
  sendMessage: (payload: unknown, ack?: (result: AckResult) => void) => void;
  ping: (payload: { userId: string }) => void;
  typing: (payload: { room: string; isTyping: boolean }) => void;
}

export interface ServerToClientEvents {
  onlineUsers: (ids: string[]) => void;
  // Typed loosely here; the chat and notification modules narrow them with their schemas.
  receiveMessage: (message: unknown) => void;
  roomJoined: (payload: { room: string; online: boolean }) => void;
  notification: (notification: unknown) => void;
  typing: (payload: { room: string; userId: string; isTyping: boolean }) => void;
  messagesRead: (payload: { room: string; readerId: string; readAt: string }) => void;
}

/** The chat room of two users: their ids sorted and joined with a hyphen (SPEC §3). */
export function pairRoom(a: string, b: string): string {
  return [a, b].sort().join('-');
}
