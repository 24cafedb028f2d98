import { Redis } from 'ioredis';

/**
 * The Redis connection behind REDIS_URL: rate limits (and later other shared state) of several api processes.
 * Commands fail fast while Redis is away; the rate limiter then lets requests through instead of hanging.
 */
export function createRedis(url: string): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  // Reconnection is automatic; without a listener an 'error' event would crash the process.
  redis.on('error', (error: Error) => console.error('[redis]', error.message));
  return redis;
}
