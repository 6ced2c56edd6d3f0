// The search engine's browser fetcher lives in lib/search/ so that shared components (the member
// picker) can use it too; this feature keeps importing it from here.
export * from '@/lib/search/search-client';
