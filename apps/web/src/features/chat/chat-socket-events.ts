/**
 * The socket events a chat cache entry follows: new messages, read receipts, and reconnects and the
 * server's `resync` (cross-node delivery may have dropped something while the socket stayed up): both catch up.
 */
import type { Message, MessagesReadEvent } from '@plaza/contract';
import type { PlazaSocket } from '../../lib/socket';

export interface ChatEventListeners {
  receiveMessage: (message: Message) => void;
  messagesRead: (event: MessagesReadEvent) => void;
  connect: () => void;
}

/** Puts the listeners on the socket; answers their removal. */
export function followChatEvents(socket: PlazaSocket, on: ChatEventListeners): () => void {
  socket.on('receiveMessage', on.receiveMessage);
  socket.on('messagesRead', on.messagesRead);
  socket.on('connect', on.connect);
  socket.on('resync', on.connect);
  return () => {
    socket.off('receiveMessage', on.receiveMessage);
    socket.off('messagesRead', on.messagesRead);
    socket.off('connect', on.connect);
    socket.off('resync', on.connect);
  };
}
