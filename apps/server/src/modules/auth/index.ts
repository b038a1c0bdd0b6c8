/** The auth feature's public API: sessions and tokens (signup, login, refresh, logout, password change). */
export { createAuthFeature, type AuthFeature } from './feature';
export { hashPassword } from './passwords';
export type { AuthContext, AuthService, IssuedSession } from './service';
