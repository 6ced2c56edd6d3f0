// The browser apps' one clock lives in the shared package (the member portal reads it too).
export * from '@ops/ui/clock';
