export * from './constants';
export * from './errors';
export * from './common';
export * from './auth';
export * from './socket';
