// All blog posts, newest first.
import { TIPS_POSTS } from './blog-tips';
import { TRAVEL_POSTS } from './blog-travel';
import type { BlogPostContent } from './types';

export function buildBlogPosts(): BlogPostContent[] {
  return [...TRAVEL_POSTS, ...TIPS_POSTS].sort((a, b) => a.daysAgo - b.daysAgo);
}
