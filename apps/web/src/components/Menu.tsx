/**
 * A menu button whose menu (Headless UI's, with floating-ui) is loaded the first time someone opens one:
 * a feed shows a menu on every post and the account menu in the bar, and evaluating Headless UI held up
 * the first screen on a slow phone. Until then the button is a plain one that looks and reads the same
 * (`aria-haspopup`, `aria-expanded`); a click or an opening key loads the menu, puts the real button in its
 * place and opens it with the same key, so keyboard behaviour and focus return are Headless UI's own.
 */
import {
  createContext,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

type Parts = typeof import('./headless-menu');

let loaded: Parts | null = null;
let loading: Promise<Parts> | null = null;

function loadParts(): Promise<Parts> {
  loading ??= import('./headless-menu').then(
    (parts) => (loaded = parts),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The key that asked for the menu, replayed on the real button so it opens the same way. */
type OpenKey = 'Enter' | 'ArrowUp';

interface MenuState {
  parts: Parts | null;
  request: (key: OpenKey) => void;
}

const MenuContext = createContext<MenuState>({ parts: null, request: () => {} });

export function Menu({ className, children }: { className?: string; children: ReactNode }) {
  const [parts, setParts] = useState<Parts | null>(loaded);
  const pending = useRef<OpenKey | null>(null);
  const box = useRef<HTMLDivElement>(null);

  const request = (key: OpenKey) => {
    pending.current = key;
    loadParts().then(setParts, () => {
      pending.current = null;
    });
  };

  useLayoutEffect(() => {
    const key = pending.current;
    const button = box.current?.querySelector('button');
    if (!parts || !key || !button) return;
    pending.current = null;
    button.focus();
    button.dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, [parts]);

  if (!parts) {
    return (
      <MenuContext.Provider value={{ parts, request }}>
        <div ref={box} className={className}>
          {children}
        </div>
      </MenuContext.Provider>
    );
  }
  return (
    <MenuContext.Provider value={{ parts, request }}>
      <parts.Menu as="div" ref={box} className={className}>
        {children}
      </parts.Menu>
    </MenuContext.Provider>
  );
}

type ButtonProps = Omit<ComponentProps<'button'>, 'type' | 'onClick' | 'onKeyDown' | 'className'> & { className?: string };

export function MenuButton({ children, ...props }: ButtonProps) {
  const { parts, request } = useContext(MenuContext);
  if (parts) return <parts.MenuButton {...props}>{children}</parts.MenuButton>;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      request(e.key === 'ArrowUp' ? 'ArrowUp' : 'Enter');
    }
  };
  return (
    <button type="button" aria-haspopup="menu" aria-expanded={false} {...props} onClick={() => request('Enter')} onKeyDown={onKeyDown}>
      {children}
    </button>
  );
}

export function MenuItems({ children, className }: { children: ReactNode; className?: string }) {
  const { parts } = useContext(MenuContext);
  if (!parts) return null;
  return (
    <parts.MenuItems anchor="bottom end" className={className}>
      {children}
    </parts.MenuItems>
  );
}

/** Rendered only inside an open menu, so Headless UI is there by then. */
export function MenuItem({ children }: { children: ReactElement }) {
  const { parts } = useContext(MenuContext);
  return parts ? <parts.MenuItem>{children}</parts.MenuItem> : null;
}
