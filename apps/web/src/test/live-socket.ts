/**
 * `lib/socket` for tests that hand the code a fake socket: mock the module with this one
 * (`vi.mock('../../lib/socket', () => import('../../test/live-socket'))`) and set `live.socket`.
 */
export const live: { socket: unknown } = { socket: null };

export const getSocket = () => live.socket;
export const useSocket = () => live.socket;
export const whenSocket = async () => live.socket;
