/** What other areas use of the provider cache: reading and writing a provider's answers, and serving them. */
export { openProviderList } from './provider-list';
export { cacheMeta, serveCached } from './serve';
export {
  type CacheKey,
  type CacheState,
  readCache,
  readCacheItem,
  readCacheItems,
  readCacheMap,
  readCacheState,
  recordCacheError,
  recordSyncProgress,
  writeCache,
} from './service';
