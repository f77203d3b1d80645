export * from './client-tags';
export * from './clients';
export * from './password-reset-tokens';
export * from './sessions';
export * from './tags';
export * from './users';
