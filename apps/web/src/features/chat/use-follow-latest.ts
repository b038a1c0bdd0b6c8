/**
 * Keeps a message list scrolled to its latest message while the reader follows it: a new message scrolls
 * down (unless the reader scrolled up: then `showJump` offers a button), older history put in above keeps
 * the same message in view, and scrolling near the top asks for older history.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { ChatMessage } from './chat-model';

/** Within this many pixels of the bottom the reader counts as following the conversation. */
const FOLLOW_THRESHOLD_PX = 96;
const LOAD_OLDER_THRESHOLD_PX = 80;

interface OlderHistory {
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

export function useFollowLatest(messages: ChatMessage[], meId: string, { hasOlder, loadingOlder, onLoadOlder }: OlderHistory) {
  const scroller = useRef<HTMLDivElement>(null);
  const [showJump, setShowJump] = useState(false);
  const following = useRef(true);
  const previous = useRef({ firstId: '', lastId: '', count: 0, scrollHeight: 0 });

  const firstId = messages[0]?._id ?? '';
  const lastId = messages[messages.length - 1]?._id ?? '';

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const prev = previous.current;
    const prepended = prev.count > 0 && firstId !== prev.firstId && lastId === prev.lastId;
    if (prepended) {
      // Older history went in above: keep the same message under the reader's eyes.
      el.scrollTop += el.scrollHeight - prev.scrollHeight;
    } else if (lastId !== prev.lastId) {
      const last = messages[messages.length - 1];
      if (prev.count === 0 || following.current || last?.messageSender === meId) {
        el.scrollTop = el.scrollHeight;
        following.current = true;
        setShowJump(false);
      } else {
        setShowJump(true);
      }
    }
    previous.current = { firstId, lastId, count: messages.length, scrollHeight: el.scrollHeight };
  }, [firstId, lastId, messages, meId]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    following.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_THRESHOLD_PX;
    if (following.current) setShowJump(false);
    if (el.scrollTop < LOAD_OLDER_THRESHOLD_PX && hasOlder && !loadingOlder && messages.length > 0) onLoadOlder();
  };

  const jumpToLatest = () => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    following.current = true;
    setShowJump(false);
  };

  return { scroller, showJump, onScroll, jumpToLatest };
}
