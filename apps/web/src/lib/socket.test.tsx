import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setSocket, useSocket, whenSocket, type PlazaSocket } from './socket';

const aSocket = (name: string) => ({ name }) as unknown as PlazaSocket;

function SocketName() {
  const socket = useSocket() as unknown as { name: string } | null;
  return <p>{socket ? socket.name : 'no socket'}</p>;
}

describe('the current socket', () => {
  afterEach(() => setSocket(null));

  it('re-renders a component when the socket arrives after it mounted, and when it goes', () => {
    render(<SocketName />);
    expect(screen.getByText('no socket')).toBeInTheDocument();
    act(() => setSocket(aSocket('first')));
    expect(screen.getByText('first')).toBeInTheDocument();
    act(() => setSocket(null));
    expect(screen.getByText('no socket')).toBeInTheDocument();
  });

  it('hands a waiting subscriber the socket when it arrives, or nothing when its entry went first', async () => {
    const arriving = whenSocket(new Promise(() => {}));
    const socket = aSocket('late');
    setSocket(socket);
    await expect(arriving).resolves.toBe(socket);
    await expect(whenSocket(new Promise(() => {}))).resolves.toBe(socket);
    setSocket(null);
    await expect(whenSocket(Promise.resolve())).resolves.toBeNull();
  });
});
