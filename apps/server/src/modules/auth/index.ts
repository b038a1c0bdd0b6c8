/** The auth feature's public API: sessions and tokens (signup, login, refresh, logout, password change). */
export { createAuthFeature } from './feature';
export { hashPassword, verifyPassword } from './passwords';
export type { AuthService } from './service';
export { deviceOf } from './sessions/device';
