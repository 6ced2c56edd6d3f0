export * from './auth';
export * from './constants';
export * from './email';
export * from './errors';
export * from './health';
