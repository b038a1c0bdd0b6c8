/** What the router uses of the shell: the layouts, the guards, the route error and the chunk-reload reset. */
export { AppLayout } from './AppLayout';
export { chunkLoaded } from './chunk-reload';
export { ProtectedRoute, PublicOnlyRoute } from './guards';
export { default as NotFoundPage } from './NotFoundPage';
export { RootLayout } from './RootLayout';
export { RouteError } from './RouteError';
