import { http } from '@excursio/shared';
import type { BlogListResponse, BlogPostResponse, DocumentResponse } from '@excursio/shared';
import { PUBLIC, seg } from './paths';

/** The blog and the documents (/docs/…). */
export const contentApi = {
  blog: (page = 1, perPage = 12) => http.request<BlogListResponse>('GET', `${PUBLIC}/blog`, { query: { page, per_page: perPage } }),
  blogPost: (slug: string) => http.request<BlogPostResponse>('GET', `${PUBLIC}/blog/${seg(slug)}`),
  document: (slug: string) => http.request<DocumentResponse>('GET', `${PUBLIC}/documents/${seg(slug)}`),
};
